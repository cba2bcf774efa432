"""A real headless chromium on a real dashboard while a real ``kintsugi run`` trains.

Needs Debian's chromium and chromedriver (``apt-get install -y chromium chromium-driver``)
and selenium; skipped when any is absent. Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webutil import running_dash

from conftest import REPO, TINY, TRAIN, kintsugi_cmd, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]
ARTIFACTS = REPO / "test-artifacts" / "web"


@pytest.fixture
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_bin = shutil.which("chromedriver")
    if chromium is None or driver_bin is None:
        pytest.skip("chromium/chromedriver absent: apt-get install -y chromium chromium-driver")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1600",
    ):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_bin), options=opts)
    try:
        yield driver
    finally:
        driver.quit()


def js_errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def shot(driver: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    print(f"screenshot: {path}")


@contextlib.contextmanager
def training(tmp: Path) -> Iterator[tuple[str, Path, subprocess.Popen[str]]]:
    """A two-rank run that lasts ~20 s, with a rank killed at step 40 (one restart)."""
    run_id = f"live-{uuid.uuid4().hex[:6]}"
    run_dir = tmp / "run"
    cmd = kintsugi_cmd(
        "run",
        "--nproc-per-node",
        "2",
        "--rdzv-id",
        run_id,
        "--run-dir",
        str(run_dir),
        "--hang-floor-seconds",
        "3",
        "--no-report",
        "--node-name",
        "n0",
        "--inject",
        "kill:step=40,rank=1",
        str(TRAIN),
        "--steps",
        "110",
        "--ckpt-every",
        "10",
        "--step-sleep",
        "0.15",
        *TINY,
    )
    proc = subprocess.Popen(
        cmd, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, text=True
    )
    try:
        yield run_id, run_dir, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_pages_in_a_browser_while_a_run_trains(browser: Any, tmp_path: Path) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with training(tmp_path) as (run_id, run_dir, proc):
        db = run_dir / "events.db"
        assert wait_for(db.exists, timeout=60)
        with running_dash(f"sqlite:///{db}", "--refresh-seconds", "1") as d:
            # Live parts are replaced every second: an element found a moment ago may be gone,
            # so every lookup happens inside a wait that retries on a stale element.
            # 120 s: on a loaded CI machine the killed rank's restart once took longer than 60 s
            wait = WebDriverWait(
                browser,
                120,
                poll_frequency=0.2,
                ignored_exceptions=[StaleElementReferenceException],
            )

            def click(css: str) -> None:
                wait.until(lambda b: b.find_element(By.CSS_SELECTOR, css).click() or True)

            def text(element_id: str) -> str:
                return str(wait.until(lambda b: b.find_element(By.ID, element_id).text))

            browser.get(d.url + "/")
            # The run appears on the list by itself (htmx polls), then we follow its link.
            wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, f'tr[data-run="{run_id}"]'))
            shot(browser, "index")
            click(f'tr[data-run="{run_id}"] a')
            wait.until(lambda b: b.find_elements(By.ID, "n-events"))
            browser.execute_script("window.kintsugiMarker = 42")
            first = int(text("n-events"))
            # Live: the count grows and the restart shows up without a page load.
            wait.until(lambda b: int(b.find_element(By.ID, "n-events").text) > first)
            wait.until(lambda b: b.find_element(By.ID, "restarts").text == "1")
            assert browser.execute_script("return window.kintsugiMarker") == 42
            shot(browser, "run-live")
            assert proc.wait(timeout=120) == 0
            wait.until(lambda b: "succeeded" in b.find_element(By.ID, "run-body").text)
            assert browser.execute_script("return window.kintsugiMarker") == 42
            # A finished run's page stops polling (the last swap drops hx-get).
            wait.until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#run-body[hx-get]"))
            shot(browser, "run-done")
            svg = browser.find_elements(By.CSS_SELECTOR, "svg.chart")
            assert len(svg) == 3
            # Follow the node link from the run page, then the nav links.
            click('a[href="/nodes/n0"]')
            wait.until(lambda b: "Node n0" in b.find_element(By.TAG_NAME, "h1").text)
            shot(browser, "node")
            for name in ("nodes", "incidents", "runs"):
                browser.find_element(By.LINK_TEXT, name).click()
                wait.until(lambda b, n=name: n.lower() in b.title.lower())
                shot(browser, name)
            browser.get(d.url + f"/runs/{run_id}")
            time.sleep(1.5)
            errors = js_errors(browser)
            assert errors == [], "\n".join(errors)
