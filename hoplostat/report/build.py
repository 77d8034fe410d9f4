"""The self-contained HTML report of a sweep: its sections (`hoplostat.report.sections`), the optional sections
against other sweeps (a comparison, other players, a stronger player), and the page. Every name that comes from data
is HTML-escaped."""

from __future__ import annotations

import datetime as _dt
import html
from pathlib import Path
from typing import Any

import polars as pl
from matplotlib.figure import Figure

from hoplostat import page
from hoplostat.report.figures import _standouts, compare_figure, robustness_figure
from hoplostat.report.sections import Lead, Section, _faction_names, _table_html, group_of, report_content
from hoplostat.words import plural


def robustness_section(results: Path, others: list[Path], *, analysis: Any,
                       opened: list | None = None) -> tuple[Section, list[str]]:
    """The "robustness" section (this sweep and `others`, the same matchups under other players:
    `robustness.robustness_sweeps`; `opened`: their `robustness.open_sweeps`, when checked already) and its
    summary sentences: the rank correlations and every flipped verdict."""
    from hoplostat.robustness import WORDS, robustness_sweeps, wide_table

    r = robustness_sweeps([results, *others], analysis=analysis, opened=opened)
    labels, subject = r["labels"], r["subject"]
    wide = wide_table(r["table"], labels).with_columns(
        pl.col(f"verdict_{x}").replace_strict(WORDS, default=None) for x in labels)
    wide = wide.rename({"key": subject, **{c: c.replace(f"_{x}", f" under {x}", 1) for x in labels
                                           for c in (f"rate_{x}", f"rate_{x}_lo", f"rate_{x}_hi", f"verdict_{x}")}})
    corr = []
    for c in r["correlations"].iter_rows(named=True):
        if c["spearman"] is None:
            corr.append(f"{c['a']} and {c['b']}: no rank correlation ({c['note']})")
            continue
        ci = (f" [{c['spearman_lo']:.2f}, {c['spearman_hi']:.2f}]" if c["spearman_lo"] is not None
              else f" ({c['note']})")
        corr.append(f"{c['a']} and {c['b']} rank the {plural(c['subjects'], subject)} with a Spearman correlation of "
                    f"{c['spearman']:.2f}{ci}")
    flips = [f["sentence"] + (" (reversed)" if f["reversed"] else "") for f in r["flips"]]
    where = ", ".join(f"{s['label']} ({s['path']}, {plural(s['games'], 'game')})" for s in r["sweeps"])
    text = (f"{r['what'].capitalize()} of the same matchups played by different players: {where}. Each rate "
            f"with its 95% interval and its verdict against an average {subject} of its own sweep. "
            + "; ".join(corr) + f" (95% bootstrap intervals, {plural(r['bootstrap'], 'resample')} of the games, "
            f"seed {r['seed']}). " + (f"Verdicts that change with the player: {'; '.join(flips)}." if flips else
                                 "No verdict changes with the player."))
    section = ("robustness", "Verdicts under other players", robustness_figure(r["table"], labels, subject=subject),
               text, wide)
    sentences = [f"Under other players ({', '.join(labels[1:])}): "
                 + (f"{len(flips)} of {plural(wide.height, 'verdict')} {'changes' if len(flips) == 1 else 'change'}: "
                    + "; ".join(flips) if flips
                    else f"none of the {plural(wide.height, 'verdict')} changes") + "."]
    return section, sentences


def stronger_section(results: Path, stronger: Path, *, analysis: Any, opened: list | None = None,
                     names: dict[str, str] | None = None) -> tuple[Section, list[str]]:
    """"Do these verdicts hold for stronger players?": this sweep's verdicts beside a sweep of the same matchups by a
    stronger player (`stronger`), each marked holds, changes (to or from "not distinguishable") or reverses
    (`robustness.verdict_change`), with the rank correlation; and the summary sentence (naming each by `names`)."""
    from hoplostat.robustness import WORDS, robustness_sweeps, verdict_change

    r = robustness_sweeps([results, stronger], analysis=analysis, opened=opened)
    (a, b), subject = r["labels"], r["subject"]
    t = r["table"]
    rows = []
    for key in sorted(set(t["key"].to_list())):
        got = {row["sweep"]: row for row in t.filter(pl.col("key") == key).iter_rows(named=True)}
        if a in got and b in got:
            x, y = got[a], got[b]
            rows.append({subject: key, f"rate under {a}": x["rate"], f"verdict under {a}": WORDS.get(x["verdict"]),
                         f"rate under {b}": y["rate"], f"verdict under {b}": WORDS.get(y["verdict"]),
                         "the stronger player's verdict": verdict_change(x["verdict"], y["verdict"])})
    table = pl.DataFrame(rows)
    counts = {k: sum(1 for row in rows if row["the stronger player's verdict"] == k)
              for k in ("holds", "changes", "reverses")}
    c = r["correlations"].row(0, named=True)
    corr = (f"they rank the {plural(c['subjects'], subject)} with a Spearman correlation of {c['spearman']:.2f}"
            + (f" [{c['spearman_lo']:.2f}, {c['spearman_hi']:.2f}] (95% bootstrap interval)"
               if c["spearman_lo"] is not None else "")
            if c["spearman"] is not None else f"no rank correlation ({c['note']})")
    games = {s["label"]: s["games"] for s in r["sweeps"]}
    text = (f"The same matchups played by a stronger player: {b} ({stronger}, {games[b]:,} games) beside this sweep's "
            f"{a} ({games[a]:,} games). A verdict that holds under the stronger player is about the game; one that "
            f"changes or reverses was partly about the player (README, \"Players\"). {counts['holds']} hold, "
            f"{counts['changes']} change (to or from not distinguishable), {counts['reverses']} reverse; {corr}.")
    section = ("stronger", "Do these verdicts hold for stronger players?",
               robustness_figure(r["table"], [a, b], subject=subject), text, table)
    named = (names or {}).get
    reversed_ = [named(row[subject], row[subject]) for row in rows
                 if row["the stronger player's verdict"] == "reverses"]
    changed = [named(row[subject], row[subject]) for row in rows if row["the stronger player's verdict"] == "changes"]
    sentence = (f"Under a stronger player ({b}): {counts['holds']} of {plural(len(rows), 'verdict')} hold"
                + (f"; {', '.join(changed)} change" if changed else "")
                + (f"; {', '.join(reversed_)} reverse" if reversed_ else "") + ".")
    return section, [sentence]


def check_inputs(results: Path, *, compare_with: Path | None = None,
                 robustness_with: list[Path] | tuple[Path, ...] = (), stronger: Path | None = None) -> dict[str, Any]:
    """Check the sweeps a report reads before anything is written (an InputError otherwise): `results` is a
    sweep directory, `compare_with` a different sweep of the same matchups (`comparison.open_pair`),
    `robustness_with` different sweeps of the same matchups under other players (`robustness.open_sweeps`).
    The sweeps as read, for `build_report(checked=...)`."""
    from hoplostat.comparison import open_pair
    from hoplostat.robustness import open_sweeps
    from hoplostat.sweep import scan_tables, sweep_config

    scanned = scan_tables(results)
    sweep_config(results, scanned[0])
    return {"results": scanned,
            "compare": None if compare_with is None else open_pair(Path(compare_with), Path(results)),
            "robustness": (open_sweeps([Path(results), *(Path(p) for p in robustness_with)]) if robustness_with
                           else None),
            "stronger": None if stronger is None else open_sweeps([Path(results), Path(stronger)])}


def _compare_section(results: Path, compare_with: Path, opened, analysis: Any) -> tuple[Section, str]:
    """The "compare" section (this sweep against `compare_with`) and its summary sentence."""
    from hoplostat.comparison import compare_sweeps

    cmp = compare_sweeps(Path(compare_with), results, analysis=analysis, opened=opened)
    frame = cmp["table"]
    section = ("compare", "Change against another sweep", compare_figure(
        frame, a_name=str(compare_with), b_name=str(results)),
        f"{cmp['what'].capitalize()} of this sweep (B) minus those of {compare_with} (A), the same matchups: "
        "the difference in points with its 95% interval (Newcombe), and whether it is significant after Holm's "
        f"correction over the {frame.height} compared.", frame.drop("p_value"))
    n_sig = int(frame["significant"].sum())
    sentence = (f"Against {compare_with}: {n_sig} of {plural(frame.height, 'difference')} "
                f"{'is' if n_sig == 1 else 'are'} significant"
                + (": " + ", ".join(f"{r['key']} {100 * r['diff']:+.0f} points" for r in
                                    frame.filter(pl.col("significant")).iter_rows(named=True)) if n_sig else "") + ".")
    return section, sentence


def _headline_html(lead: Lead, extra: list[str], grow: str, figure: str) -> str:
    """The headline block: the best finding of each kind, ranked (`headline.headline`), with `extra` sentences
    (the stronger player's verdicts, a comparison) after them, and what to do next."""
    from hoplostat.headline import headline, none_found

    top = headline(lead.findings)
    fine = ("Ranked by size and certainty: by how far each 95% interval's nearer end lies from no effect (the size "
            "this run is sure of); the best of each kind. Every finding is in the tables below and in words at the "
            "end." + (f" To tighten every interval, grow this sweep (only the new games are played): {grow}" if top
                      else ""))
    return page.headline_html(top, figure=figure, none=none_found(lead.what, grow), fine=fine, also=extra)


def _section_html(section: Section, png: bytes, *, level: str = "h3") -> str:
    key, title, fig, text, table = section
    out = [f'<section id="{key}"><{level}>{html.escape(title)}</{level}><p>{html.escape(text)}</p>',
           page.figure_html(fig, png, title)]
    if table is not None and key == "units":
        few = _standouts(table, 5)
        out.append(_table_html(few, caption="The five highest and five lowest within their faction and class"))
        out.append(f"<details><summary>All {table.height} units (a long table)</summary>{_table_html(table)}</details>")
    elif table is not None and table.height > 40:
        out.append(f"<details><summary>The table ({table.height} rows)</summary>{_table_html(table)}</details>")
    elif table is not None:
        out.append(_table_html(table))
    out.append("</section>")
    return "".join(out)


def build_report(results: Path, out_dir: Path, catalog, analysis: Any, *, compare_with: Path | None = None,
                 robustness_with: list[Path] | tuple[Path, ...] = (), checked: dict[str, Any] | None = None,
                 stronger: Path | None = None) -> Path:
    """Write ``index.html`` (figures embedded, viewable offline) and the PNGs into ``out_dir``.

    The page opens with its headline (`headline`: the largest effects of the run by size and certainty, each
    with its interval and the command to run next) and the figure a designer reads first (a two-player mode: the
    factions by arena), then the sections under their headings (`GROUPS`). Sections follow what the results
    directory holds: a two-player mode's sweeps get win rates, matchups, first player, ratings; a wave mode's get
    immortals defeated per team and per immortal. ``stronger`` adds whether the verdicts hold for a stronger player
    ("stronger", right after the headline), ``compare_with`` the change from another sweep ("compare"),
    ``robustness_with`` the verdicts under the players of other sweeps of the same matchups ("robustness").
    Every sweep is checked (`check_inputs`; ``checked``: its result, when the caller checked them already)
    before any work, and ``out_dir`` is created only once the report is ready to be written. ``analysis``: the
    mode's (`hoplostat.analysis.for_mode`), whose sections the page shows (`report_content`).
    """
    from hoplostat.sweep import chips_used, resume_command

    if checked is None:
        checked = check_inputs(results, compare_with=compare_with, robustness_with=robustness_with, stronger=stronger)
    manifest, tables = checked["results"]

    games = tables["games"]
    cfg = manifest["config"]
    factions = chips_used(tables)["factions"]
    names = _faction_names(catalog, factions)
    content = report_content(manifest, tables, catalog, analysis, path=str(results))
    sections, sentences, share, lead = content["sections"], content["sentences"], content["share"], content["lead"]
    front, extra = _front_sections(results, analysis, checked, sentences, lead, names, compare_with=compare_with,
                                   robustness_with=robustness_with, stronger=stronger)
    grow = resume_command(results, {**cfg, "games": 2 * int(cfg.get("games") or 1)})
    from hoplostat.outpaths import output_dir, writing

    out_dir = output_dir(out_dir, "--out")
    output_dir(out_dir / "figures", "--out")

    def drawn(key: str, fig: Figure) -> bytes:
        data = page.png(fig)
        with writing(out_dir / "figures" / f"{key}.png", "--out"):
            (out_dir / "figures" / f"{key}.png").write_bytes(data)
        return data

    lead_figure = ""
    if lead.figure is not None:
        lead_figure = page.figure_html(lead.figure, drawn("headline", lead.figure), "Headline: " + lead.text)
    parts, group = [], None
    from hoplostat.engine.loop import mode_class

    opponents = mode_class(str(cfg.get("mode"))).opponent[1].capitalize()
    for section in [*front, *sections]:
        heading = (group_of(section[0], str(cfg.get("mode"))) or "More").format(opponents=opponents)
        if heading != group:
            parts.append(f"<h2 class='group'>{html.escape(heading)}</h2>")
            group = heading
        parts.append(_section_html(section, drawn(section[0], section[2])))
    banner, summary = _summary_html(results, cfg, manifest, games, names, factions, sentences, grow, share)
    doc = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>hoplostat balance report</title><style>{page.CSS}</style></head><body><main>"
        f"<h1>Balance report: {html.escape(str(cfg.get('mode', '')).title())}</h1>{banner}"
        f"{_headline_html(lead, extra, grow, lead_figure)}{''.join(parts)}{summary}</main>"
        f"<script>{page.SORT_JS}</script></body></html>"
    )
    index = out_dir / "index.html"
    tmp = out_dir / ".index.html.tmp"
    with writing(index, "--out"):
        tmp.write_text(doc, encoding="utf-8")
        tmp.replace(index)
    return index


def _stronger_verdicts(section: Section) -> tuple[str, dict[str, str]]:
    """The stronger player's label and its verdict change per subject, from the "stronger" section's table."""
    table = section[4]
    col = next((c for c in table.columns if c.startswith("verdict under ")), None) if table is not None else None
    if table is None or table.height == 0 or col is None:
        return "", {}
    label = [c for c in table.columns if c.startswith("verdict under ")][-1][len("verdict under "):]
    return label, dict(zip(table[table.columns[0]].to_list(), table["the stronger player's verdict"].to_list()))


def _front_sections(results: Path, analysis: Any, checked: dict[str, Any], sentences: list[str], lead: Lead,
                    names: dict[str, str], *, compare_with: Path | None, robustness_with, stronger: Path | None
                    ) -> tuple[list[Section], list[str]]:
    """The sections against other sweeps that open the page (a stronger player's, a comparison, other players'),
    their sentences inserted at the front of `sentences` and the stronger player's verdicts added to `lead`; and
    the sentences the headline adds."""
    from hoplostat import headline

    extra: list[str] = []
    front: list[Section] = []
    if stronger is not None:
        section, lines = stronger_section(Path(results), Path(stronger), analysis=analysis,
                                          opened=checked.get("stronger"), names=names)
        front.append(section)
        sentences[0:0] = lines
        extra += lines
        label, verdicts = _stronger_verdicts(section)
        lead.findings = headline.with_stronger(lead.findings, verdicts, label)
    if compare_with is not None:
        section, line = _compare_section(Path(results), Path(compare_with), checked["compare"], analysis)
        front.append(section)
        sentences.insert(len(front) - 1, line)
        extra.append(line)
    if robustness_with:
        section, lines = robustness_section(Path(results), [Path(p) for p in robustness_with], analysis=analysis,
                                            opened=checked["robustness"])
        front.append(section)
        sentences[len(front) - 1:len(front) - 1] = lines
    return front, extra


def _summary_html(results: Path, cfg: dict, manifest: dict, games: Any, names: dict[str, str], factions,
                  sentences: list[str], grow: str, share: dict) -> tuple[str, str]:
    """The page's stand-in banner, and its last part: every finding in words, how to tighten the intervals, and
    the run's facts."""
    stand_in, n_chips = share["stand_in"], share["chips"]
    many = {"hero": "heroes", "neutral-hero": "neutral heroes", "titan-ally": "titan allies"}
    kinds = ", ".join(f"{v['stand_in']} of {plural(v['chips'], k, many.get(k))}"
                      for k, v in sorted(share["by_kind"].items()))
    meta = {
        "results": str(results), "mode": cfg.get("mode"), "arenas": ", ".join(cfg.get("arenas", [])),
        "factions": ", ".join(names[f] for f in factions),
        "games": f"{games.lazy().select(pl.len()).collect().item():,}",
        "games per matchup": cfg.get("games"), "policies": " vs ".join(cfg.get("policies", [])),
        "seed": cfg.get("seed"), "catalog hash": manifest.get("catalog_hash", "")[:16],
        "hoplostat version": manifest.get("version"), "sweep created": manifest.get("created"),
        "report written": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "stand-in chips": f"{stand_in} of {n_chips}",
        "rulings": ", ".join(f"{k}={v}" for k, v in cfg.get("rulings", ())) or "as written (docs/rulings.md)",
        "mode options": ", ".join(f"{k}={v}" for k, v in cfg.get("options", ())) or "the mode's defaults",
    }
    meta_html = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>"
                        for k, v in meta.items())
    items = "".join(f"<li>{html.escape(s)}</li>" for s in sentences)
    banner = (f'<p class="banner"><strong>{stand_in} of the {n_chips} chips in this run carry stand-in values</strong>'
              f" ({html.escape(kinds)}; chosen by hoplostat, not printed on the real chips): results describe the "
              "embedded catalog, not the published game, until you load your own chips with --data "
              "(data/README.md).</p>")
    summary = (f"<h2 class='group'>Every finding, and this run</h2><section id='summary'><h3>Every finding in "
               f"words</h3><details><summary>{plural(len(sentences), 'sentence')}</summary><ul>{items}</ul></details>"
               f"<p>Intervals are 95%. To tighten them, grow this sweep in its own directory (only the new games are "
               f"played, and the result equals a sweep run that long from the start): <code>{html.escape(grow)}"
               f"</code></p><h3>This run</h3><table class='meta'>{meta_html}</table></section>")
    return banner, summary
