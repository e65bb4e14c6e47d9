"""What the bot needs in a table's channel, and what it says when Discord refuses it for
want of a permission (issue 21: "say which one is missing and who can grant it").

Discord sends the bot's own permissions in the channel with every interaction
(``Interaction.app_permissions``), so the missing ones are named without another call.
"""

from __future__ import annotations

import discord

from cogs.look import texts

#: the permissions a table's channel must give the bot, as Discord's settings name them
NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
IN_THREADS = ("send_messages_in_threads", "Send Messages in Threads")


def missing_permissions(interaction: discord.Interaction | None) -> list[str]:
    """The permissions the bot lacks in the interaction's channel, by Discord's names, read
    from the interaction (Discord sends the bot's permissions there with every click)."""
    if interaction is None:
        return []
    have = interaction.app_permissions
    thread = isinstance(interaction.channel, discord.Thread) or (
        getattr(interaction.channel, "type", None) in (
            discord.ChannelType.public_thread, discord.ChannelType.private_thread))
    needed = [IN_THREADS if thread and attr == "send_messages" else (attr, name)
              for attr, name in NEEDED]
    return [name for attr, name in needed if not getattr(have, attr, True)]


def permission_sentence(interaction: discord.Interaction | None, *, moved: bool = True) -> str:
    """What the person is told when Discord refused the bot for want of a permission:
    after their move (``moved``: the move stands), or for a command it could not carry
    out."""
    missing = missing_permissions(interaction)
    if missing:
        template = texts.MISSING_PERMISSIONS if moved else texts.MISSING_PERMISSIONS_HERE
        return template.format(permissions=texts.join_words(f"**{m}**" for m in missing),
                               s="s" if len(missing) > 1 else "")
    return texts.MISSING_SOME_PERMISSION if moved else texts.MISSING_SOME_PERMISSION_HERE
