"""The project's documentation; ``docs.generate`` writes the generated part of each
game's page."""
