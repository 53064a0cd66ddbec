"""A repository's default branch: the reader (``reverie.text.branches``) and the
``other-branch`` rule on pairs written for these tests, none drawn from a set the judge is
measured on."""

from __future__ import annotations

import pytest

from reverie.text.branches import default_branch
from tests.dreamkit import assert_contradiction, explained


@pytest.mark.parametrize(("text", "branch"), [
    ("The default branch is trunk.", "trunk"),
    ("Default branch: develop", "develop"),
    ("The default branch of the billing repo is main.", "main"),
    ("Halvorsen's repo uses develop as its default branch.", "develop"),
    ("Halvorsen switched its default branch to develop.", "develop"),
    ("Halvorsen renamed the default branch from master to main.", "main"),  # not master
    ("The repo defaults to the master branch.", "master"),
    ("main is our default branch", "main"),
    ("We develop on the default branch.", None),  # no branch named
    ("The default branch used to be master.", None),  # before, not now
])
def test_the_default_branch_a_text_says_a_repository_has_now(text: str,
                                                             branch: str | None) -> None:
    assert default_branch(text) == branch


@pytest.mark.parametrize(("a", "b"), [
    ("Halvorsen's default branch is main.", "Halvorsen switched its default branch to develop."),
    ("Halvorsen's default branch is master.",
     "Halvorsen renamed its default branch from master to main."),
    ("Halvorsen's repo uses trunk as its default branch.",
     "Halvorsen's repo uses develop as its default branch."),
    ("Our default git branch: main", "Our repo defaults to the master branch."),
])
def test_two_default_branches_now_contradict(a: str, b: str) -> None:
    """Each of these was merged into one note, or left as two facts, before the reader."""
    assert_contradiction(a, b, {"other-branch", "other-value"})


@pytest.mark.parametrize(("a", "b"), [
    ("The default branch of the billing repo is main.",
     "The default branch of the web repo is develop."),  # two repositories
    ("Halvorsen's default branch is main.", "Kestrel's default branch is develop."),
    ("The default branch is main.", "The default branch used to be master."),  # before
    ("The default branch is main.", "Deploys go out from the develop branch."),  # another use
])
def test_default_branches_of_two_repos_or_of_before_are_no_contradiction(a: str,
                                                                         b: str) -> None:
    assert explained(a, b)[0] != "contradiction"
