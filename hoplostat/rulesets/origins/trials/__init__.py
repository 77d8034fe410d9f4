"""Origins' Solo Trials (ORI-54..ORI-56; the ORI-TR checklist of docs/origins.md): the trial cards (`cards`, data in
data/origins/trials.toml, stand-ins), the challenger AI (`challenger`), the mode `origins-solo-trials` (`mode`), the
campaign as an absorbing Markov chain and simulated campaigns (`campaign`), and the sweep analysis (`analysis`).
Importing the package registers the mode."""

from hoplostat.rulesets.origins.trials import mode  # noqa: F401  (registers origins-solo-trials)
