"""Pinned rules of the Lost Cities' solo and co-op bosses (hoplostat/rulesets/lost_cities/bosses.py), for mutation testing."""
