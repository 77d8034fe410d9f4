"""The catalog's vocabulary: the format's own terms in catalog.vocab, every other term registered by its
rule set (rulesets/<book>/vocab.py), read back through getters and the former names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from hoplostat.catalog import load, vocab
from hoplostat.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
MODES = ("skirmish", "onslaught", "ascension", "pandemonium", "alliance", "condemned", "naumachia",
         "lost-cities", "lost-cities-board", "rise-of-rome", "rise-of-rome-titan", "rise-of-rome-2x2", "origins",
         "origins-battle-royale", "origins-solo-trials")


def test_no_catalog_module_names_a_mode():
    for path in sorted((ROOT / "hoplostat" / "catalog").glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        named = [m for m in MODES if m in text]
        assert not named, f"{path.name} names {named}"


def test_each_rule_set_registers_its_own_terms():
    assert vocab.owners("kinds", "sailor") == {"remastered"}
    assert vocab.owners("kinds", "cf-gladiator") == {"rise-of-rome", "lost-cities"}
    assert vocab.owners("kinds", "boss") == {"lost-cities"}
    assert vocab.owners("kinds", "sea-monster") == {"origins"}
    assert vocab.owners("classes", "spearman") == {"origins"}
    assert vocab.owners("skill types", "alternate") == {"rise-of-rome"}
    assert vocab.owners("hex tags", "trapdoor-1") == {"lost-cities"}
    assert not vocab.owners("kinds", "unit")  # a core kind: the format's own
    assert set(vocab.arena_rule_counts()) == {"remastered", "rise-of-rome", "lost-cities", "origins"}
    assert vocab.table_parser("ror_titan") is not None


def test_former_names_read_the_registries():
    assert vocab.KINDS == vocab.kinds() and vocab.KINDS[:2] == ("unit", "hero")
    assert vocab.CLASSES[:5] == ("archer", "attacker", "beast", "defender", "tactician")
    assert vocab.SKILL_TYPES[:3] == ("innate", "ability", "special") and "pivot" in vocab.SKILL_TYPES
    assert "sailor-hero" in vocab.ELITE_KINDS and "cf-gladiator" not in vocab.ELITE_KINDS
    assert vocab.HEX_TAGS["stone"] == "stone hex (Pozzuoli)"
    assert vocab.ARENA_RULE_COUNTS["remastered"]["pozzuoli"] == {"deploy-red": 6, "deploy-blue": 6, "stone": 2}
    with pytest.raises(AttributeError):
        vocab.NO_SUCH_TERM  # noqa: B018


def test_the_vocabulary_module_registers_nothing_itself():
    """catalog sits below the rule sets: the rule sets call into it, it imports none of them at module level."""
    tree = ast.parse((ROOT / "hoplostat" / "catalog" / "vocab.py").read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all("rulesets" not in (getattr(n, "module", "") or "") for n in top)


def test_the_loader_discovers_the_rule_sets_in_a_fresh_process():
    code = ("from hoplostat.catalog import load\n"
            "for r in ('remastered', 'rise-of-rome', 'lost-cities', 'origins'):\n"
            "    print(r, len(load(use_env=False, ruleset=r).units))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert len(out.stdout.split("\n")) == 5, out.stderr


def test_a_registered_term_is_allowed_and_an_unknown_one_listed(tmp_path, monkeypatch):
    (tmp_path / "u.toml").write_text(
        '[[unit]]\nid = "odd-one"\nname = "Odd"\nkind = "test-kind"\nclasses = ["attacker"]\nmovement = 2\n'
        'range = 1\nhealth = 4\nattack = "black"\nprovenance = "stand-in"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"field 'kind': expected one of unit, hero, .*sailor.*, got \"test-kind\""):
        load([tmp_path], use_env=False)
    for name in ("_KINDS", "_OWNERS", "_ORDER"):  # registered for this test only
        monkeypatch.setattr(vocab, name, dict(getattr(vocab, name)))
    vocab.register("zz-test", kinds={"test-kind": "a kind a test registers"})
    assert load([tmp_path], use_env=False).unit("odd-one").kind == "test-kind"


def test_game_lists_are_registered_facts_of_the_box():
    cat = load(use_env=False)
    assert cat.game.lists["onslaught_priority"] == cat.game.onslaught_priority
    assert load(use_env=False, ruleset="origins").game.lists["onslaught_priority"] == ()
    with pytest.raises(AttributeError):
        cat.game.no_such_list  # noqa: B018


def test_a_term_registered_after_a_read_is_listed_in_its_place(monkeypatch):
    """The ordered lists are kept between reads; a registration replaces them (a term added later is listed)."""
    for name in ("_KINDS", "_OWNERS", "_ORDER"):
        monkeypatch.setattr(vocab, name, dict(getattr(vocab, name)))
    before = vocab.kinds()
    assert vocab.kinds() == before and "test-kind" not in before
    vocab.register("zz-test", kinds={"test-kind": "a kind of the tests"})
    assert vocab.kinds() == (*before, "test-kind")
    vocab.register("remastered", kinds={"test-base-kind": "a kind the base game adds later"})
    got = vocab.kinds()
    assert got.index("test-base-kind") < got.index("test-kind") and set(got) == {*before, "test-kind", "test-base-kind"}
