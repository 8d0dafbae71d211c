"""Card faces as people read them: the corner letters follow the language of the page."""

from django.utils import translation

from scoring.faces import card_face


def test_english_faces_read_j_q_k_a():
    with translation.override("en"):
        assert [card_face(c)["text"] for c in ("JH", "QS", "KD", "AC", "10H")] == [
            "J♥",
            "Q♠",
            "K♦",
            "A♣",
            "10♥",
        ]


def test_german_faces_read_b_d_k_a_as_a_german_pack():
    with translation.override("de"):
        faces = [card_face(c) for c in ("JH", "QS", "KD", "AC")]
    assert [f["rank"] for f in faces] == ["B", "D", "K", "A"]
    assert faces[1]["text"] == "D♠"
    assert faces[1]["name"] == "Pik Dame"


def test_the_card_value_stays_in_rulings_notation():
    with translation.override("de"):
        assert card_face("QS")["card"] == "QS"
