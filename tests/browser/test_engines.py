"""The smoke game (engines/smoke.json) in Chromium, Firefox ESR and WebKitGTK.

Python Playwright drives only Chromium here, so each engine has the driver
that works with Debian's build: Playwright for Chromium, npm puppeteer-core
over WebDriver BiDi for Firefox (engines/firefox.mjs), and Selenium with
WebKitGTK's WebDriver and MiniBrowser for WebKit, under a virtual display
(xvfb-run) because WebKitGTK has no headless mode.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser

from pagehelpers import READY_MS, game_context

pytestmark = pytest.mark.browser

ENGINES = Path(__file__).parent / "engines"
STEPS: list[dict[str, Any]] = json.loads((ENGINES / "smoke.json").read_text())["steps"]
FIREFOX = "/usr/bin/firefox-esr"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
STEP_MS = 10_000
WEBKIT_BUDGET_S = 420
"""The whole WebKit run; it boots Pyodide about three times slower than Chromium."""


class Driver(Protocol):
    """What the smoke game needs from an engine's driver."""

    def goto(self, url: str) -> None: ...
    def click(self, selector: str, button: str) -> None: ...
    def key(self, selector: str, key: str) -> None: ...
    def holds(self, expression: str) -> bool: ...


def cell_selector(x: int, y: int) -> str:
    return f"#board button[data-x='{x}'][data-y='{y}']"


def play_smoke(driver: Driver, base_url: str) -> None:
    """Play every step; fail naming the first one that does not hold in time."""
    ready = "document.body.dataset.ready === 'true'"
    for step in STEPS:
        if "goto" in step:
            driver.goto(f"{base_url}?{step['goto']}")
            wait(driver, ready, READY_MS, f"the page at ?{step['goto']} gets ready")
        elif "cell" in step:
            driver.click(cell_selector(*step["cell"]), step.get("button", "left"))
        elif "click" in step:
            driver.click(step["click"], "left")
        elif "key" in step:
            driver.key(*step["key"])
        else:
            wait(driver, step["expect"], step.get("timeout", STEP_MS), step["says"])


def wait(driver: Driver, expression: str, timeout_ms: int, says: str) -> None:
    deadline = time.monotonic() + timeout_ms / 1000
    while not driver.holds(expression):
        if time.monotonic() > deadline:
            pytest.fail(f"not true after {timeout_ms} ms: {says}")
        time.sleep(0.05)


class PlaywrightDriver:
    def __init__(self, browser: Browser) -> None:
        self.context = game_context(browser, viewport={"width": 1000, "height": 800})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def click(self, selector: str, button: str) -> None:
        self.page.click(selector, button="right" if button == "right" else "left")

    def key(self, selector: str, key: str) -> None:
        self.page.press(selector, key)

    def holds(self, expression: str) -> bool:
        return bool(self.page.evaluate(f"() => Boolean({expression})"))


class SeleniumDriver:
    def __init__(self, driver: Any) -> None:
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        self.driver = driver
        self.actions = ActionChains
        self.by = By.CSS_SELECTOR
        self.keys = {"ArrowLeft": Keys.ARROW_LEFT, "ArrowRight": Keys.ARROW_RIGHT}
        self.stale = StaleElementReferenceException

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def click(self, selector: str, button: str) -> None:
        if button == "right":
            self.act(selector, lambda e: self.actions(self.driver).context_click(e).perform())
        else:
            self.act(selector, lambda e: e.click())

    def key(self, selector: str, key: str) -> None:
        self.act(selector, lambda e: e.send_keys(self.keys[key]))

    def act(self, selector: str, action: Callable[[Any], None]) -> None:
        """Find the element and act on it, finding it again once if it went stale in between.

        WebKitWebDriver once lost the node of the static `#history` between finding it
        and sending it a key (a fresh-clone run); if the page really changed, the next
        expectation says so.
        """
        try:
            action(self.driver.find_element(self.by, selector))
        except self.stale:
            action(self.driver.find_element(self.by, selector))

    def holds(self, expression: str) -> bool:
        return bool(self.driver.execute_script(f"return Boolean({expression})"))


def require(*paths: str) -> None:
    """Fail with the fix when an engine is missing (`make test` installs them)."""
    missing = [p for p in paths if not (shutil.which(p) or Path(p).exists())]
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: run `make browsers` (make test does it)")


def test_chromium_plays_the_smoke_game(browser: Browser, base_url: str) -> None:
    """The reference engine plays the same steps as the others."""
    driver = PlaywrightDriver(browser)
    try:
        play_smoke(driver, base_url)
        assert not driver.errors, f"the page raised: {driver.errors}"
    finally:
        driver.context.close()


def test_firefox_plays_the_smoke_game(base_url: str) -> None:
    """Firefox ESR, through puppeteer-core over WebDriver BiDi."""
    require(FIREFOX, "node")
    root = Path(__file__).resolve().parents[2]
    if not (root / "node_modules" / "puppeteer-core").exists():
        pytest.fail("node_modules/puppeteer-core is missing: run `npm ci` (make test does it)")
    result = subprocess.run(
        ["node", str(ENGINES / "firefox.mjs"), base_url],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "FIREFOX": FIREFOX},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("engine: firefox/")
    assert result.stdout.count("\nok: ") == len(STEPS)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def webkit() -> Iterator[Any]:
    """A WebKitGTK MiniBrowser session on a virtual display, torn down with its display."""
    require("xvfb-run", "WebKitWebDriver", MINIBROWSER)
    from selenium import webdriver
    from selenium.webdriver.remote.client_config import ClientConfig
    from selenium.webdriver.remote.remote_connection import RemoteConnection
    from selenium.webdriver.webkitgtk.options import Options

    port = _free_port()
    server = subprocess.Popen(
        ["xvfb-run", "-a", "WebKitWebDriver", f"--port={port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # one process group: the display goes with the driver
    )
    # A session without a working display hangs silently: past the budget, end it all.
    watchdog = threading.Timer(WEBKIT_BUDGET_S, os.killpg, (server.pid, signal.SIGKILL))
    watchdog.start()
    try:
        deadline = time.monotonic() + 30
        while not _listening(port):
            if time.monotonic() > deadline or server.poll() is not None:
                pytest.fail("WebKitWebDriver did not start under xvfb-run")
            time.sleep(0.2)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        url = f"http://127.0.0.1:{port}"
        config = ClientConfig(remote_server_addr=url, timeout=180)
        connection = RemoteConnection(client_config=config)
        driver = webdriver.Remote(command_executor=connection, options=options)
        driver.set_page_load_timeout(120)
        driver.set_script_timeout(30)
        try:
            yield driver
        finally:
            driver.quit()
    finally:
        watchdog.cancel()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_webkit_plays_the_smoke_game(webkit: Any, base_url: str) -> None:
    """WebKitGTK's MiniBrowser, through Selenium and WebKitWebDriver."""
    assert webkit.capabilities["browserName"] == "MiniBrowser"
    play_smoke(SeleniumDriver(webkit), base_url)
