"""Every button and menu that answers a click, after a restart too: each class is a
``DynamicItem`` of one custom id template of ``cogs/look/custom_ids.py``, registered by the
bot on every start (``cogs/bot.py``). ``table``: the table's buttons and the private panel's
menus; ``clock_panel``: the turn clock's menus; ``guide``: the guide's pages; ``log``: the
replay, history and take-back buttons; ``forget``: **Forget me**."""
