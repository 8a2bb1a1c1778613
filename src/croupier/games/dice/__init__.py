"""The dice family: Sic Bo, Craps, Dice Duel and Lightning Dice (000 §12.25, §12.40, §12.41, §12.47)."""
