"""Seafarers' ``/game rules`` page for a scenario: its players, its target, its own rules,
then the decisions of ours that hold in it (decisions.py)."""

from __future__ import annotations

from . import decisions
from .scenario_rules import scenario_rules


def rules_markdown(sid: str) -> str:
    """``/game rules`` for a table of scenario ``sid``: its players, its target, its own
    rules, then the decisions of ours that hold in it (decisions.py)."""
    sr = scenario_rules(sid)
    lines = [
        f"**Catan: Seafarers, {sr.name}** ({sr.counts_text()} players; {sr.source}): "
        f"first to {sr.target} victory points on their own turn wins.",
        "Base Catan rules (catan-base.md)" + (
            "." if not sr.ships else " with ships, gold fields and the pirate (seafarers.txt)."),
        "",
        f"**{sr.name}:**",
        *(f"- {line}" for line in sr.lines),
    ]
    if sr.pirate:
        lines.append(f"- The pirate starts on {sr.pirate_words()} (a sea hex; see below).")
    lines += ["", "**Decisions of ours where the rulebook leaves a choice:**"]
    lines += [f"- {d}" for d in decisions.for_scenario(sr.ships)]
    return "\n".join(lines)
