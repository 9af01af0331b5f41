"""Agora's component data (TOML per game) and fonts, shipped inside the
package so an installed wheel finds them through ``importlib.resources``.
Files marked *ours* in their header were designed for Agora."""
