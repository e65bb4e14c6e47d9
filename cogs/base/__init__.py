"""What every feature of cogs/ stands on and nothing else: the bot's configuration and the
bot type the features annotate with. It imports nothing of cogs/."""
