"""The shared pieces added for the 32-card game: set options, Literal values in the codec,
the seeded deck and the cut, the round-robin deal, the partner's give."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from app.domain.cards import Card, parse_cards
from app.domain.codec import decode, encode
from app.domain.dealing import cut_deck, deal_round_robin, shuffled_deck
from app.domain.errors import InvalidOption, MalformedEvent
from app.domain.exchange import gives
from app.domain.options import encode_options, option, options_schema, parse_options

Name = Literal["pants", "mirror", "star"]


@dataclass(frozen=True)
class _Options:
    boasts: frozenset[Name] = option(frozenset({"pants", "mirror", "star"}))
    preset: Literal["shamok", "diamonds"] = option("shamok")


def test_a_set_option_is_a_list_of_distinct_names_in_declared_order() -> None:
    options = parse_options(_Options, {"boasts": ["star", "pants"]})
    assert options.boasts == frozenset({"pants", "star"})
    assert encode_options(options)["boasts"] == ["pants", "star"]
    assert parse_options(_Options, {"boasts": []}).boasts == frozenset()
    schema = options_schema(_Options)["properties"]["boasts"]
    assert schema == {
        "type": "array",
        "items": {"enum": ["pants", "mirror", "star"]},
        "uniqueItems": True,
        "default": ["pants", "mirror", "star"],
    }


@pytest.mark.parametrize("raw", ["pants", ["pants", "pants"], ["barrel"], [1], None])
def test_a_set_option_refuses_what_is_not_a_set_of_its_names(raw: object) -> None:
    with pytest.raises(InvalidOption):
        parse_options(_Options, {"boasts": raw})


def test_the_codec_reads_literal_values_and_sets_of_them() -> None:
    options = _Options(frozenset({"mirror"}), "diamonds")
    assert decode(_Options, encode(options)) == options
    with pytest.raises(MalformedEvent):
        decode(_Options, {"boasts": ["mirror"], "preset": "hearts"})
    with pytest.raises(MalformedEvent):
        decode(_Options, {"boasts": ["x"], "preset": "shamok"})


def test_the_seeded_deck_is_a_permutation_and_the_cut_puts_the_top_under() -> None:
    deck = parse_cards("AS 10S KS QS JS 9S")
    shuffled = shuffled_deck(deck, b"seed")
    assert sorted(map(str, shuffled)) == sorted(map(str, deck))
    assert shuffled == shuffled_deck(deck, b"seed")
    assert cut_deck(deck, 2) == parse_cards("KS QS JS 9S AS 10S")


def test_a_round_robin_deal_starts_after_the_dealer() -> None:
    hands = deal_round_robin(parse_cards("AS 10S KS QS JS 9S"), first=1, seats=3, per_seat=2)
    assert hands == (parse_cards("KS 9S"), parse_cards("AS QS"), parse_cards("10S JS"))


def test_the_partner_gives_non_trumps_while_he_has_them() -> None:
    def is_trump(card: Card) -> bool:
        return card.suit.value == "C"

    hand = parse_cards("AC 7S 8H KC")
    assert gives(hand, 1, is_trump) == ((Card.parse("7S"),), (Card.parse("8H"),))
    assert gives(hand, 2, is_trump) == (parse_cards("7S 8H"),)
    assert gives(parse_cards("AC 7S KC"), 2, is_trump) == (
        parse_cards("AC 7S"),
        parse_cards("7S KC"),
    )
