"""Software versions in use: the reader (``reverie.text.versions``) and the
``other-version`` rule on pairs written for these tests, none drawn from a set the judge
is measured on."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze
from reverie.text.versions import versions, versions_apart
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "said"), [
    ("Brightline's API runs Python 3.11.", [("python", "3.11")]),
    ("the workers are on node 22 now", [("node", "22")]),
    ("Halvorsen's database is Postgres 16.", [("postgresql", "16")]),
    ("Needs Java 17 or later.", []),  # a bound
    ("Python 3.10+ only.", []),
    ("At least iOS 16.", []),
    ("Moved from Ruby 2.7 last year.", []),  # a former one
    ("node 3 went down at noon", []),  # a cluster's node
    ("Python version pinned to 3.10.", [("python", "3.10")]),  # the noun between
    ("Halvorsen's Postgres version: 14", [("postgresql", "14")]),
    ("They ship version 2.4 of the Android app.", [("android app", "2.4")]),  # the number first
    ("Still on 7.1 of the Ruby client.", [("ruby client", "7.1")]),
    ("The Android app version in use is 2.9.", [("android app", "2.9")]),  # not Android 2.9
    ("Runs 3 of the Node services.", []),  # a count, no version
    # a noun of what runs it, or a verb that fixes it, between the name and the number
    ("Kestrel's Kubernetes cluster runs 1.27.", [("kubernetes", "1.27")]),
    ("Kestrel's Node runtime is 18.", [("node", "18")]),
    ("Kestrel's Terraform is pinned to 1.5.", [("terraform", "1.5")]),
    ("The Kubernetes cluster is 3 nodes.", []),  # a count
    # a thing the vocabulary does not know, named by its words
    ("The mobile app is at version 5.1.", [("mobile app", "5.1")]),
    ("The current mobile app version is 5.4.", [("mobile app", "5.4")]),
    ("Kestrel uses the v1 API.", [("api", "1")]),
    ("Kestrel moved from the v1 API to the v2 API.", [("api", "2")]),
    ("Kestrel is on build 4410.", [("build", "4410")]),  # the holder's own release
    ("Kestrel uses v2 of our API.", [("api", "2")]),  # "v" and the number first
    ("Kestrel calls our v3 endpoints.", [("api", "3")]),  # the API's endpoints
    ("Kestrel's API version is v2.", [("api", "2")]),  # not "s api"
    ("The fix landed in build 4502.", []),  # no use
])
def test_the_versions_a_text_says_are_in_use(text: str, said: list[tuple[str, str]]) -> None:
    assert [(v.product, v.number) for v in versions(text)] == said


def test_one_version_said_with_more_or_fewer_figures_is_one() -> None:
    assert versions_apart("Runs Python 3.", "Runs Python 3.12.") is None
    assert versions_apart("Runs Python 3.11.", "Runs Python 3.12.") is not None
    assert versions_apart("Runs Python 3.11.", "Runs Ruby 3.2.") is None  # two products


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline's API runs Python 3.11 in production.",
     "Production for Brightline is on Python 3.8."),
    ("Halvorsen's backend uses Java 17.", "Halvorsen's backend runs on Java 8."),
    ("The workers run Node 18 in prod.", "prod is on node 22 now, upgraded last week"),
    ("Python version pinned to 3.10.", "Python version pinned to 3.12."),
    ("Kestrel runs version 2.4 of the Android app.", "Kestrel's Android app version in use: 2.9"),
    ("Kestrel's Kubernetes cluster runs 1.27.", "Kestrel's cluster is on Kubernetes 1.29."),
    ("Kestrel's Node runtime is 18.", "Kestrel deploys on Node 20."),
    ("Kestrel's Terraform is pinned to 1.5.", "Kestrel runs Terraform 1.7."),
    ("The mobile app is at version 5.1.", "The current mobile app version is 5.4."),
    ("Kestrel uses the v1 API.", "Kestrel migrated to the v2 API."),
    ("Kestrel uses release 12.", "Kestrel uses release 14."),
    # were two facts
    ("Kestrel uses v2 of our API.", "Kestrel uses v3 of our API."),
    ("Kestrel's API version is v2.", "Kestrel calls our v3 endpoints."),
    # was one note: "has ... installed" was tagged a past tense, what held before
    ("The cluster is running Kubernetes version 1.27.",
     "The cluster has Kubernetes 1.29 installed."),
])
def test_two_versions_of_one_product_in_use_contradict(a: str, b: str) -> None:
    assert explained(a, b) == ("contradiction", "other-version")


@pytest.mark.parametrize(("a", "b"), [
    ("Brightline runs Python 3.11 in production.", "Brightline uses Python 3.12 on laptops."),
    ("Halvorsen needs Java 11 or later.", "Halvorsen runs Java 21."),  # a bound
    ("Halvorsen ran Java 8 until 2022.", "Halvorsen runs Java 21."),  # before and now
    ("Brightline runs Python 3.11.", "Halvorsen runs Python 3.8."),  # two holders
    ("The SDK supports Python 3.9 and 3.12.", "Brightline runs Python 3.12."),
    # each in its own scope, said right after the version
    ("Python pinned to 3.10 in the reporting service.", "Python pinned to 3.12 in the new API."),
    ("Runs Android 14.", "The Android app version in use is 2.9."),  # the system, an app
    ("The mobile app is at version 5.1.", "The web app is at version 5.4."),  # two apps
    ("Kestrel used to be on the v1 API.", "Kestrel uses the v2 API."),  # before and now
    ("Kestrel uses the v1 API.", "Halvorsen uses the v2 API."),  # two holders
    ("Kestrel's staging cluster runs Kubernetes 1.29.",
     "Kestrel's production cluster runs Kubernetes 1.27."),  # two clusters
])
def test_look_alikes_of_two_versions_are_no_contradiction(a: str, b: str) -> None:
    assert explained(a, b)[0] != "contradiction"


def test_a_zone_named_as_the_tz_database_names_it_is_read() -> None:
    from reverie.text.zones import held_zone
    zone = held_zone("Brightline's time zone is Europe/Lisbon.")
    assert zone is not None and zone.utc == "UTC+0/+1"
    assert explained("Brightline's time zone is Europe/Lisbon.",
                     "Brightline is on US Pacific time.") == ("contradiction", "other-time-zone")


def test_a_name_tagged_a_plural_keeps_its_s() -> None:
    """ "Ines runs ..." was read as someone named "Ine", another holder than "Ines's"."""
    from reverie.judges.nlp import analyze
    assert analyze("Ines runs Python 3.9.").clauses[0].subject == {"ines"}
    assert analyze("Reports are due Friday.").clauses[0].subject == {"report"}


def test_a_participle_tagged_past_after_has_is_present() -> None:
    """ "has Kubernetes 1.29 installed": the tagger's past tense after "has" holds now;
    "had ... installed" held before."""
    assert not analyze("The cluster has Kubernetes 1.29 installed.").clauses[0].past
    assert explained("The cluster had Kubernetes 1.27 installed until March.",
                     "The cluster runs Kubernetes 1.29.")[0] != "contradiction"


@pytest.mark.parametrize(("text", "said"), [
    ("The design team's Macs are on macOS Sequoia.", [("macos", "15")]),
    ("The build box runs Ubuntu Noble.", [("ubuntu", "24.04")]),
    ("Their servers run Debian Bullseye.", [("debian", "11")]),
    ("They upgraded from macOS Monterey last spring.", []),  # a release of before
    ("Lena spent a week in Sonoma.", []),  # a place: no product named before it
])
def test_a_release_named_by_a_word_is_its_version(text: str, said: list[tuple[str, str]]
                                                  ) -> None:
    assert [(v.product, v.number) for v in versions(text)] == said


def test_a_release_by_its_word_and_by_its_number() -> None:
    assert explained("The design team's Macs run macOS 15.",
                     "The design team's Macs are on macOS Sonoma.")[0] == "contradiction"
    assert explained("The design team's Macs run macOS 15.",
                     "The design team's Macs are on macOS Sequoia.")[0] != "contradiction"
