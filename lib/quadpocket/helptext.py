"""Help pages (imported only while Help is open, then dropped from sys.modules: ~4 KB of
strings the rest of the game never needs). Our own words; rules as in shared/rules.md."""

TOPICS = (
    ("What is Quad",
     "Quad is a placement game for two or more players, invented by G. Keith Still in "
     "1979. Players take turns putting marbles on an 11 by 11 board whose four corner "
     "cells are missing.\n\nYou win the moment four of your own marbles sit on the four "
     "corners of a perfect square. The square may be any size and may be tilted at any "
     "angle: b2 e3 d6 a5 is a square too. Rectangles and diamonds that are not square do "
     "not count.\n\nEach player also holds a few stars: neutral blockers that belong to "
     "nobody once they are on the board."),
    ("How to play",
     "On your turn you may first place any number of your stars, one at a time, then you "
     "must place exactly one marble. Placing the marble ends your turn. Pieces never move "
     "(except in the Trek and Rapid variants).\n\nTap an empty cell to place a marble. "
     "The panel shows, for each player, a marble box and a star box with the pieces left; "
     "the player to move has the bright frame.\n\nIf nobody makes a quad before the "
     "marbles run out, the player with the most unused stars wins; equal stars is a "
     "draw.\n\nUndo takes back your last turn (against the computer: its reply as well). "
     "The Confirm tap preference asks for a second tap on the same cell before a piece "
     "is placed."),
    ("Playing a star",
     "Tap your star box: it turns orange and the panel says STAR. Your next tap on an "
     "empty cell puts a star there, and the mode goes back to marble by itself. For "
     "another star, tap the star box again. Tap the marble box to change your mind.\n\n"
     "A star fills a cell for good, so no square through that cell can ever be "
     "completed by anyone. Stars never count towards a quad, not even yours.\n\nStars "
     "are few: unused stars decide the game when the marbles run out, so spend them "
     "only on real threats."),
    ("Strategy",
     "Look for tilted squares: they are easy to miss, for you and for your opponent.\n\n"
     "A marble that is the corner of many half-built squares is worth more than one on "
     "the edge. The centre cells belong to the most squares.\n\nThe strongest attack is "
     "a double threat: one marble that leaves two different squares each missing a "
     "single corner. One star cannot block both, and two stars cost a lot.\n\nBlock "
     "with a marble when you can: it defends and attacks at once. Keep your stars for "
     "the threats a marble cannot stop."),
    ("Skill levels",
     "Trainer: a gentle opponent. When it could complete a square with its next marble, "
     "that cell turns pink so you can learn to spot threats. It sometimes overlooks "
     "tilted squares.\n\nEasy: plays like the trainer without the pink warnings and "
     "makes smaller mistakes.\n\nAverage: defends very well, never misses a win or a "
     "forced block, and has a few attacking ideas.\n\nExpert: a real challenge.\n\nWith "
     "Auto-advance on, each win moves you up one level until Expert."),
    ("Options",
     "One-short: when the marbles run out, a player to move who has three corners of a "
     "square with the fourth cell still empty wins before stars are counted.\n\nClaim "
     "mode: the game does not announce quads. At the start of your turn, before placing "
     "anything, tap Quad! to claim a square you completed on your previous turn. A wrong "
     "claim costs you a star. A quad not claimed in time no longer counts.\n\n"
     "High contrast: black board, bright pieces. Marbles of different players always "
     "differ in shape as well as colour.\n\nStars: 6 (shorter game) or 7 (the 1996 "
     "magazine article's count)."),
)

ABOUT = ("Quad Pocket {version}\n\nThe board game Quad by G. Keith Still (1979), for the "
         "Adafruit PyPortal and a desktop simulator.\n\nThe rules, the computer player "
         "and this program are open source. Pieces left, your statistics, preferences "
         "and the game in progress are kept in the board's non-volatile memory.")
