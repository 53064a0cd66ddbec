"""A change says what holds now: ``changed-value`` on pairs written for it (none drawn from
the exclusive-value check set, DNLI, the blind sets or the training pairs), and its
look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.nlp import analyze
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("The account is on the Team plan.", "The account was downgraded to Starter in May."),
    ("Ravi lives in York.", "Ravi relocated to Bristol last year."),
    ("Ravi lives in York.", "Ravi moved to Leeds in 2024."),  # a name tagged as a plural
    ("Ravi lives in York.", "Ravi moved from York to Bristol in 2024."),  # what it was
    ("Ticket 4410 owner: Keiko", "Ticket 4410 was reassigned to Bram on Monday."),
    ("The agency's name is Northwind Media.", "The agency rebranded to Lumen Studio in April."),
    ("The standup is at 9:30.", "The standup was moved to 11:00 in May."),  # two figures
    ("The repo builds with Maven.", "The repo was migrated to Gradle in March."),
    ("The account pays for the Business plan.", "The account was downgraded to Starter."),
    # a bare version, the change naming its thing beside it (were two facts)
    ("The team is on version 2.3 of the SDK.", "The team upgraded the SDK to 3.0."),
    ("The team uses SDK 2.3.", "The team upgraded the SDK to 3.0."),
])
def test_a_change_and_the_value_before_it_contradict(a: str, b: str) -> None:
    """A change done to a value of the sort the other statement holds now: the rule names
    itself, and the dream may settle it (the newer note wins)."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "changed-value"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Ravi lives in Leeds.", "Ravi is moving to Bristol next month."),  # under way
    ("Ravi lives in Leeds.", "Ravi's sister moved to Bristol last year."),  # another holder
    ("Ravi lives in England.", "Ravi moved from Leeds to Bristol in 2024."),  # its country
    ("Pia lives in the Netherlands.", "Pia moved to Holland last year."),  # one country
    ("The standup is usually at 9:30.", "Friday's standup was moved to 11:00."),  # one day
    ("The account is on the Business plan.", "The account upgraded to Business in May."),
    ("The meetup is on Tuesdays.", "If the hall is booked, the meetup moves to Thursday."),
    # another thing of one holder, which the other statement never mentions
    ("Initech moved their release freeze to Friday night.",
     "Initech rotates their SSH keys every 30 days."),
    ("Umbrella moved its board meeting to Monday morning.",
     "Umbrella keeps its backups in the AWS Dublin region."),
    ("Hollis changed his desk to the Oslo office.", "Hollis renews his AWS certificate every year."),
    # a part's, said of the new value or of the change
    ("The account pays for the Business plan.",
     "The account upgraded to Enterprise seats for its sales team."),
    # a bare figure, the other's thing not the one changed
    ("The team is on version 2.3 of the SDK.", "The team upgraded the CLI to 3.0."),
    ("The meeting room holds 12 people.", "They moved the meeting to 3."),
    ("The web app uses SDK 2.3.", "The team upgraded the mobile app's SDK to 3.0."),
])
def test_look_alikes_are_no_contradiction(a: str, b: str) -> None:
    """A change under way, another holder's, a place that holds the new one, the value the
    change made, a habit: no contradiction."""
    found = explain(judge, a, b, NOW)
    assert found.outcome != "contradiction" or found.findings[0].rule != "changed-value", (
        found.reason)


@pytest.mark.parametrize(("text", "changed", "before"), [
    ("The account was downgraded to Starter.", True, frozenset()),
    ("Ravi moved from York to Bristol.", True, frozenset({"york"})),
    ("Ravi is moving to Bristol next month.", False, frozenset()),  # under way
    ("The meetup moves to Thursday when it rains.", False, frozenset()),  # a habit
    ("Ravi became a nurse in 2024.", True, frozenset()),  # is one now
    ("Ravi is becoming a nurse.", False, frozenset()),  # under way
])
def test_the_parse_marks_a_change_done(text: str, changed: bool, before: frozenset[str]) -> None:
    clause = analyze(text).clauses[0]
    assert (clause.changed, clause.before) == (changed, before)


@pytest.mark.parametrize(("a", "b", "rule"), [
    ("The account is on the Team plan.", "The account recently moved to the Starter plan.",
     "one-value-attribute"),
    ("Ravi lives in York.", "Ravi recently relocated to Bristol.", "changed-value"),
    ("The repo builds with Maven.", "The repo was lately migrated to Gradle.", "changed-value"),
])
def test_a_change_said_to_be_recent_still_contradicts(a: str, b: str, rule: str) -> None:
    """ "recently" is dated at the end of its clause: written where the adverb stood, the
    date was parsed as the sentence's subject and the change was lost."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == rule


def test_one_who_became_a_thing_is_it_now() -> None:
    """ "became a nurse" reads as a copula now, a change done: against another job."""
    clause = analyze("Ravi became a nurse in 2024.").clauses[0]
    attr = clause.arg("attr")
    assert attr is not None and attr.head == "nurse"
    assert (clause.predicate, clause.past) == ("be", False)
    found = explain(judge, "Ravi became a nurse in 2024.", "Ravi works as a teacher.", NOW)
    assert found.outcome == "contradiction", found.reason
