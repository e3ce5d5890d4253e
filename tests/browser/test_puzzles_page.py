"""Puzzles on the page (issue 35): `?puzzle=N-S`, solved or failed, the proof, the tallies."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from game.solver.puzzles import find
from pagehelpers import cell

pytestmark = pytest.mark.browser

Open = Callable[[str], Page]
PERCENT = re.compile(r"\d+\.\d%")


def test_an_answer_cell_solves_the_puzzle(open_game: Open, page: Page) -> None:
    """A click on an answer cell: solved, the chance in words, the proof marked."""
    puzzle = find(2, 5)
    open_game("puzzle=2-5")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-puzzle", "unsolved")
    expect(page.locator("#board button")).to_have_count(puzzle.seen.width * puzzle.seen.height)
    x, y = puzzle.grade.answer[0]
    page.click(cell(page, x, y))
    expect(board).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#message")).to_contain_text("0.0% chance of a mine")
    expect(page.locator("#message")).to_contain_text(puzzle.grade.reason)
    proof = page.locator("#board [data-proof='true']")
    expect(proof).to_have_count(len(puzzle.grade.proof))
    expect(page.locator("#puzzle-tally")).to_contain_text("1 solved, streak 1")
    expect(page.locator("#copy-link")).to_be_disabled()  # the address is the link
    page.keyboard.press("Control+z")  # no game move to undo: the puzzle stays
    expect(board).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#board button")).to_have_count(puzzle.seen.width * puzzle.seen.height)


def test_another_hidden_cell_fails_it_with_its_chance(open_game: Open, page: Page) -> None:
    """A press (by key) on a hidden cell that is not an answer fails the puzzle."""
    puzzle = find(5, 2)
    open_game("puzzle=5-2")
    wrong = next(p for p in puzzle.grade.chances if p not in puzzle.grade.answer)
    page.focus(cell(page, *wrong))
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-puzzle", "failed")
    expect(page.locator("#message")).to_contain_text("Not this one")
    assert PERCENT.search(page.locator("#message").inner_text())
    assert page.locator("#board [data-proof='true']").count() >= 1
    expect(page.locator("#puzzle-tally")).to_contain_text("streak 0")


def test_next_and_the_control_give_more_puzzles_and_tallies_are_kept(
    open_game: Open, page: Page
) -> None:
    """The Puzzles button opens one; Next the next seed; a reload keeps the tally."""
    open_game("preset=beginner&seed=3")
    page.click("#puzzles")
    expect(page.locator("#board")).to_have_attribute("data-puzzle", "unsolved")
    assert "puzzle=1-" in page.url
    page.select_option("#puzzle-level", "3")
    expect(page).to_have_url(re.compile(r"puzzle=3-\d+"))
    page.goto(page.url.split("?")[0] + "?puzzle=3-8")
    page.wait_for_selector("body[data-ready='true']")
    x, y = find(3, 8).grade.answer[0]
    page.click(cell(page, x, y))
    page.click("#puzzle-next")
    expect(page).to_have_url(re.compile(r"puzzle=3-9$"))
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#puzzle-tally")).to_contain_text("Level 3: 1 solved")
    page.select_option("#difficulty", "beginner")
    expect(page.locator("#board")).not_to_have_attribute("data-puzzle", re.compile(".*"))
    expect(page.locator("#puzzle")).to_be_hidden()


def test_a_bad_puzzle_link_gives_a_game_and_says_why(open_game: Open, page: Page) -> None:
    open_game("puzzle=9-1")
    expect(page.locator("#message")).to_contain_text("puzzle=")
    expect(page.locator("#board button")).to_have_count(81)
