"""Pinned rules of the Lost Cities' crowd favor (hoplostat/rulesets/lost_cities/favor.py), for mutation testing."""
