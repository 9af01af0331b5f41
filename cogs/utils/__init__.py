"""Helpers shared by the cogs: replies and errors, the courier, components."""
