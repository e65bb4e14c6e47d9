"""The table's page in a real browser (issue 25, "Tested as a person would"): for each game
the page shows its board and follows a move made through the bot's table service with no
reload; a finished game is scrubbed from the first move to the last; a private link shows
its seat's hand and another seat's does not; at 390 px wide nothing overflows; and the
browser reports no refused script or style (the Content-Security-Policy holds). Each test
saves screenshots under tests/web/artifacts/."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import render
from engine.table import FINISHED
from tests.web.browser import ARTIFACTS, CHROMEDRIVER, CHROMIUM, LiveSite, chromium
from tests.web.helpers import PEOPLE, SECRET, T0, playing, random_moves
from web.links import public_token, seat_token

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (.ci/run installs them)")

GAMES = [("all-hands", 3), ("sewer-pirats", 3), ("pirate-tricks", 3), ("seafarers", 4),
         ("neuroshima", 2)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture
def site(tmp_path: Path, browser: Any) -> Iterator[LiveSite]:
    live = LiveSite(tmp_path / "parley.db")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    yield live
    browser.get("about:blank")  # the page's event stream closes before the server stops
    live.close()


def wait_for(check: Callable[[], Any], seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"not seen within {seconds} s")
        time.sleep(0.1)


def shot(browser: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def seen(browser: Any, css: str) -> str:
    """The text of the element now, "" while a new page replaces the old one."""
    try:
        return str(browser.find_element(By.CSS_SELECTOR, css).text)
    except (NoSuchElementException, StaleElementReferenceException):
        return ""


def board_loaded(browser: Any) -> bool:
    return bool(browser.execute_script(
        "const i = document.querySelector('.board img');"
        "return i !== null && i.complete && i.naturalWidth > 500;"))


def no_refusals(browser: Any) -> None:
    """Nothing the page asked for was refused (CSP) and no script failed."""
    bad = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not bad, bad


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_the_page_shows_the_board_and_follows_a_move_without_a_reload(
        site: LiveSite, browser: Any, game_id: str, n: int) -> None:
    table = site.run(playing(site.svc, game_id, n))
    browser.get(f"{site.base}/t/{public_token(SECRET, table.key)}/")
    wait_for(lambda: board_loaded(browser))
    first = browser.find_element(By.CSS_SELECTOR, ".board img").get_attribute("src")
    browser.execute_script("window.notReloaded = true;")
    shot(browser, f"{game_id}-before")
    shown = browser.execute_script("return document.body.dataset.tag")
    site.run(random_moves(site.svc, "c1", 8))  # some say nothing in public: eight will
    wait_for(lambda: browser.execute_script("return document.body.dataset.tag") != shown)
    wait_for(lambda: board_loaded(browser) and browser.execute_script(
        "return document.querySelector('.board img').src") != first)
    assert browser.execute_script("return window.notReloaded === true;")
    assert browser.find_elements(By.CSS_SELECTOR, "#moves li")
    shot(browser, f"{game_id}-after-a-move")
    no_refusals(browser)


def test_a_finished_game_is_scrubbed_from_the_first_move_to_the_last(
        site: LiveSite, browser: Any) -> None:
    site.run(playing(site.svc, "neuroshima", 2))
    table = site.run(random_moves(site.svc, "c1", 1000))
    assert table.status == FINISHED
    total = len(site.run(site.store.history(table.key, limit=100_000)))
    token = public_token(SECRET, table.key)
    browser.get(f"{site.base}/t/{token}/replay?step=0")
    wait_for(lambda: board_loaded(browser))
    browser.execute_script("window.notReloaded = true;")

    def heading() -> str:  # read afresh each time: a step swaps the element for a new one
        return browser.execute_script("return document.querySelector('#replay h2').textContent")

    assert heading() == f"Move 0 of {total}"
    shot(browser, "replay-first")
    for step in (1, 2, 3):
        browser.find_element(By.LINK_TEXT, "Next").click()
        wait_for(lambda s=step: heading() == f"Move {s} of {total}")
        assert browser.current_url.endswith(f"replay?step={step}")
    browser.execute_script(
        "const s = document.getElementById('step'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change', {bubbles: true}));", total // 2)
    wait_for(lambda: heading() == f"Move {total // 2} of {total}")
    browser.find_element(By.LINK_TEXT, "Last").click()
    wait_for(lambda: heading() == f"Move {total} of {total}")
    wait_for(lambda: board_loaded(browser))
    assert browser.execute_script("return document.querySelector('.board img').src")\
        .endswith(f"step/{total}.png")
    assert browser.execute_script("return window.notReloaded === true;")
    shot(browser, "replay-last")
    browser.back()
    wait_for(lambda: heading() == f"Move {total // 2} of {total}")
    browser.find_element(By.LINK_TEXT, "First").click()
    wait_for(lambda: heading() == f"Move 0 of {total}")
    no_refusals(browser)


def test_a_private_link_shows_its_seats_hand_and_another_seats_link_does_not(
        site: LiveSite, browser: Any) -> None:
    table = site.run(playing(site.svc, "pirate-tricks", 3))
    words = []
    for seat in (0, 1):
        view = table.game.view(table.state, seat)
        view["names"] = [s.name for s in table.seats]
        words.append(render.text_hand("pirate-tricks", view).splitlines()[1].lstrip("- "))
    assert words[0] != words[1]
    shown = []
    for seat in (0, 1):
        token = seat_token(SECRET, table.key, seat, PEOPLE[seat][0], T0)
        browser.get(f"{site.base}/t/{token}/")
        wait_for(lambda: browser.execute_script(
            "const i = document.querySelector('#hand img');"
            "return i !== null && i.complete && i.naturalWidth > 100;"))
        shown.append(browser.find_element(By.ID, "hand").text)
        shot(browser, f"private-seat-{seat}")
    assert words[0] in shown[0] and words[0] not in shown[1]
    assert words[1] in shown[1] and words[1] not in shown[0]
    browser.get(f"{site.base}/t/{public_token(SECRET, table.key)}/")
    assert not browser.find_elements(By.ID, "hand")
    no_refusals(browser)


@pytest.mark.parametrize("page", ["table", "replay"])
def test_at_390_px_wide_nothing_overflows(site: LiveSite, browser: Any, page: str) -> None:
    site.run(playing(site.svc, "seafarers", 4))
    table = site.run(random_moves(site.svc, "c1", 12))
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    token = public_token(SECRET, table.key)
    path = "" if page == "table" else "replay?step=5"
    browser.get(f"{site.base}/t/{token}/{path}")
    wait_for(lambda: board_loaded(browser))
    assert browser.execute_script("return window.innerWidth") == 390
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    left = browser.execute_script(
        "return Math.max(...Array.from(document.querySelectorAll('body *'))"
        ".map(e => e.getBoundingClientRect().right))")
    assert left <= 390
    shot(browser, f"phone-390-{page}")
    no_refusals(browser)


def test_without_javascript_the_pages_are_complete_and_the_replay_steps_by_links(
        site: LiveSite) -> None:
    site.run(playing(site.svc, "sewer-pirats", 3))
    table = site.run(random_moves(site.svc, "c1", 10))
    plain = chromium(javascript=False)
    try:
        plain.get(f"{site.base}/t/{seat_token(SECRET, table.key, 0, PEOPLE[0][0], T0)}/")
        board = plain.find_element(By.CSS_SELECTOR, ".board img")
        assert board.size["width"] > 300 and board.size["height"] > 150
        for words in ("Turn", "Your hand", "The table", "Last moves"):
            assert words in plain.find_element(By.ID, "live").text, words
        shot(plain, "no-javascript-table")
        board.click()  # no script to zoom in place: the browser opens the picture itself
        assert plain.current_url.endswith(".png") and "/board/" in plain.current_url
        plain.back()
        plain.find_element(By.LINK_TEXT, "Replay the game").click()
        heading = wait_for(lambda: seen(plain, "#replay h2"))
        total = int(heading.split(" of ")[1])
        assert heading == f"Move {total} of {total}"
        plain.find_element(By.LINK_TEXT, "First").click()
        wait_for(lambda: seen(plain, "#replay h2") == f"Move 0 of {total}")
        plain.find_element(By.LINK_TEXT, "Next").click()
        wait_for(lambda: seen(plain, "#replay h2") == f"Move 1 of {total}")
        assert plain.current_url.endswith("replay?step=1")
        slider = plain.find_element(By.ID, "step")
        slider.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        plain.find_element(By.CSS_SELECTOR, ".scrub button").click()
        wait_for(lambda: seen(plain, "#replay h2") == f"Move 3 of {total}")
        assert plain.current_url.endswith("replay?step=3")
        shot(plain, "no-javascript-replay")
    finally:
        plain.get("about:blank")
        plain.quit()
