"""A product held for the attribute's own noun ("on MySQL 8 for the main DB": the
database, no scope), a key's name the parse split from its version ("Database is
PostgreSQL 15"), a lower-case name with a "v" before its version ("node v18") and a change
not made that names no value ("can't upgrade yet": the version still held). The pairs are
written for these tests (none drawn from a set the judge is measured on)."""

from __future__ import annotations

from reverie.text.versions import versions
from tests.dreamkit import assert_contradiction, explained, held_of


def test_the_attributes_own_noun_is_no_scope() -> None:
    assert held_of("They're on MariaDB 11 for the main DB.").get("database") == {"mariadb"}
    assert_contradiction("Primary database is Postgres 16.", "They're on MariaDB 11 for the main DB.",
                         "one-value-attribute")


def test_a_scope_besides_the_attributes_noun_stays_one() -> None:
    assert "database" not in held_of("They're on MariaDB 11 for the reporting DB.")


def test_a_keys_name_split_from_its_version_is_kept() -> None:
    """The note without its full stop, as a statement is split: the name an adverb."""
    assert held_of("Database is PostgreSQL 15").get("database") == {"postgresql", "15"}


def test_a_lower_case_name_before_v_and_a_number_is_a_version() -> None:
    assert [(v.product, v.number) for v in versions("go v1.21 on the build box")] == [
        ("go", "1.21")]
    assert versions("node 3 is down") == ()


def test_a_change_not_made_keeps_the_version_held() -> None:
    assert_contradiction("Python version: 3.12", "python v3.9 here, can't upgrade yet",
                         "other-version")
    assert explained("The team hasn't upgraded to Python 3.12.",
                     "The team runs Python 3.9.")[0] != "contradiction"
