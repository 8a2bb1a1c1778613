"""Player protection and responsible gaming (issue 7): limits, play time and reality checks,
the restricted-persons register and self-exclusion, blocks, verification, complaints, bonus
funds, and the hash-chained monitoring record. The platform calls :mod:`.hooks`."""
