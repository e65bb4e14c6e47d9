"""Every slash command but a game's own verbs: ``/game`` (``game``, with its log commands in
``log``), ``/stats``, ``/admin``, and the verbs every game shares (``moves``: ``/<game>
move``, built once from each game's plug-in)."""
