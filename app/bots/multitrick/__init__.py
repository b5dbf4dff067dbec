"""What the bots of Kozel with 4 cards and Bura share: counting the cards seen in a deal and
judging the leads, beats and discards of a trick of several cards (`tactics`)."""
