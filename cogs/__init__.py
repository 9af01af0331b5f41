"""Agora's Discord front end: thin cogs that turn interactions into calls on
``engine.tables`` and deliver the notices that come back. No game logic here."""
