"""The read-only web view of tables (issue 25): aiohttp's web server over data/ and
render/, never importing discord or cogs. links.py signs and reads the links, sight.py
says what a page shows, pages.py writes its HTML, hub.py tells viewers of a move,
server.py is the app."""
