//! The pipeline from a phrase to a plan: a sequence of passes over the
//! phrase's tokens. The passes share a [`Ctx`]: the mentions found so far,
//! the [`Claims`] (which tokens a pass has understood, and marks left for
//! later passes), the plan and its notes. A pass never re-reads a token an
//! earlier pass claimed, so the order below is part of the meaning.
//!
//! | # | pass (module) | reads | claims / writes |
//! |---|---|---|---|
//! | 0 | taught phrases (`taught`) | tokens, the vocabulary's alias phrases | claims alias phrases; writes their value mentions (all the alias's values) |
//! | 1 | relative dates (`dates`) | tokens | claims "last 3 years"; a `Ge` filter |
//! | 1b | times, holidays, decades, days, month ranges, days of the week (`calendar`, `weekdays`) | tokens, event words ("died", "born"), values and column names holding day words | claims "after 10 pm", "in the morning", "christmas", "the 80s", "jan 1 2010", "may 1 to may 5", "after may 3", "june to august" (and "outside december to february": none of them), "weekends", "not on mondays", "mon to fri"; a time-of-day range on the time column (or the hours it covers on an hour column, the minutes on a minutes-of-day column), ranges on the year or date column (the one an event word names; text comparisons on seasons written "1970-71"), or the month and day columns; a `Weekday`/`NotWeekday` on the date column (or a text column of ISO dates), with none a note; over a column of day names only what linking leaves ("mon to fri", "business days": `IN` its values); over a column of day numbers 0–6 (`weekday`) `IN` them; a decade negated, past the field's word ("not from the 2000s"), is before or after it; parts of a year on a date column ("the last quarter of 2016", "the first week of 2008"); a month and year after "before"/"after"/"since" ("before june 2011"); fractions of hours on an `hour` field (13.5), and clock times written as one number of hours and minutes (`tst` 1030, `dep_time` 517: "between 8 and 10 am" → `>= 800 AND <= 1000`); a day of the month said alone ("the 15th of every month", "on the 1st") on the one field of days of the month (`day_of_month`, 1 to 31); clock labels of a text column (`8:00 a.m.`, `12:00 p.m.`): "noon", "in the morning" take the labels inside; "the first week of april 2020": days 1 to 7 of that month; a decade on dates kept as text (`7/4/2015`): `YearBetween` over its years |
//! | 1b' | period labels (`period_labels`) | a text column of year-first quarters or months (`1981 Q1`, `2000 Jan`); years, decades, "since"/"before" a year, quarter words, months and quarter month ranges | claims them; `StartsWith`/`EndsWith`/`>=`/`<` on the labels |
//! | 1c | quantities (`quantities`) | numbers and the words after them, column measures, field aliases | claims unit words ("kg", "ft 8"); turns "an" of "under an hour" into a number and a magnitude word ("5 M") into the number's; writes quantities |
//! | 1d | standings by ordinal (`standings`) | an ordinal with a word of standing ("placed first", "3rd place") and a number field of standings (`place`, `rank`) | claims them; `= n` on the field the word names, or the only one |
//! | 1d' | ordinal counters (`standings`) | an ordinal before the singular word of a whole number field counting from 0 or 1 to at most 20 (`rep`, `block`), not a period or a choice | claims them; `= n` ("the first replicate" → `rep = 1`); or a text field of one prefix's numbered codes ("second replicate" → `rep = 'R2'`) |
//! | 1e | zero lines (`zero_lines`) | "north/south of the equator", "above/below sea level" and the latitude field, or the one field of elevations or altitudes | claims them; `> 0` / `< 0` |
//! | 2 | operators (`operators`) | tokens, field aliases (a two-word field wins) | claims superlatives, their counts and position words (not "at first", "at last", "the last week of"); writes comparators, superlatives (of the hand table, or of any adjective the lexicon knows), negations; a count ending the phrase one word after the superlative ("most interlocked 5"); "last" that is a word of the name of the field after it ("last eruption" of `last_known_eruption`) is no position |
//! | 2a | hemispheres (`numbers`) | a compass word after a number of degrees or after a number a compass comparison governs | claims it ("south" of "30 degrees south"); the numbers pass makes south and west negative |
//! | 2b | words inside names (`inside`) | a text field and "W in the F", "F with W in them", "F starting with W" ("F whose name starts with W", "F that begin with W"), "F ending in W", "named after W"; a field of names and "F named W", "W Fs" (its plural head noun after words its listed names hold) | claims them; a `Contains`/`StartsWith`/`EndsWith` filter; "in the name" takes the one text field of names even beside a full-text index; "W in the name" on the one text field holding W when none holds names; "killers named john" on the table's name field; "meat excluding chicken": a word no whole value is, left out of the field of names holding it most (`NotContains`); digits inside codes ("product ids containing 999") |
//! | 2b' | places after the comma (`place_parts`) | a state or country the lexicon knows, said alone or in a list, that is the part after ", " of values of a text field mostly written so (`Dallas, Texas`; found once per index); "born", a field named before | claims them; `EndsWith ', Texas'` (alternatives over a list or over several such fields), negated `NotContains` each; left to linking: a whole value, a value the place begins, the one value ending with a place said alone; the noun before "from" is no city of it |
//! | 2c | values said as (`values`) | the word after "listed as", "coded as", "marked as", "classified as" | a value mention when one categorical field holds it whole, a little word too ("species listed as other") |
//! | 3 | linking (`linking`, `fuzzy`) | unclaimed tokens; airlines and airports named in words over columns of IATA codes (`lexicon::aviation`); states and provinces over their codes in column names ("queensland" of `qld_rain`); countries over their codes in column names ("australia" of `aus_rain`); words' starts spelling a squashed name (`studfac`, `bmprison` of "black men in prison") or code (`wkcomp`; two initials only among a few codes); a misspelt one-word name (`maried`) | claims values and fields (no value right before "than"; no plural word for people ending several values); writes their mentions; in tables of three or more, scorebook letters and chemical symbols spelt out (`bb` walks, `ba` barium), of two or more, clinical short names (`dbp`, `hdl`); two words' short forms before a year's digits (`dthrte90` of "death rate"); a name's first part that begins the word (`amaz_new` of "amazon"); codes that abbreviate a word (`divrcd`, `Mgmt`) or whose words begin the phrase's (`Pol Sci`), a negation word beginning a glued code (`nevmarr`); a field's own value over its name (`control` = 'control', when many records hold it); the phrase's head noun is no partial value ("workers older than 65"); compound compass points as two initials ("northeast" of `ne`, "northwest control" of `nwc`) and a compass point after its noun ("east target" of `te`); counts named `n` and the starts of words ("arrested" of `narr86`, "felony arrests" of `nfarr86`); a noun a relational adjective pertains to, either way round ("cities" of 'Urban', WordNet's pertainyms); a verb and its doer of a past-form name ("vote", "voters" of `voted`); a 0/1 flag named by a state's code or cut name in a table of two such flags or more ("michigan" of `mi` beside `ky`, "wisconsin" of `wisc`); a compound spelling a two-word name ("homeowners" of `home_ownership`); a member of a one-word value ("senators" of 'senate'); a code of a word and capitals that are initials ("some post-secondary" of `somePS`); party letters ("democrats" of 'D', `lexicon::codes`); a word of age in a table of ages is no part of a longer name ("children under 5" beside `Mott Children's Hosp`); states, their people ("texans") and regions over district codes (`TX-12`); a value written as a dashed range said with "to" ("se to sw" of `SE-SW`); codes behind a rank (`3:Lg` of "large"); two words glued into a short number field's name ("speed limit" of `slim`, "lanes wider" of `lwid`); an irregular past of a value's verb ("lost" of `lose`); no code from a word of time ("seasons" is no `SEA`); the Census South over states, unless a field is named south; a glued number field's start or end that abbreviates a word ("sentences" of `avgsen`, "manufacturing" of `wmfg`, "crimes" of `crmrte`); a clipped value ("premature" of `premie`); a known word's typo of a value no dictionary knows ("diarrhoea" of `Diarrhaea`); the normaliser's cut of "GDPperCapita" (`gd_pper_capita` read as gdp per capita); `mage`/`fage` named by the mother and the father; a word and a number written apart that a code glues ("type 3" of `Type3`, before linking); the family of values a word begins in a field of 30 values or fewer ("wildland" of `Wildland Full-Time`, `Wildland Contract`); the one value two fields share among a word's many ("raiders" of `Oakland Raiders` in `team` and `opposing_team`, not the games' descriptions), the record's own side unless "against"/"vs" points to the opponent's; a figure word heading the phrase before a numeric field is no value cut short ("average calories" is no `aver.`); a negation a value writes before the word matched is the value's ("gender non-conforming"); in a column of three-capital codes, the code a word's letters keep in order ("banks" → `BNK`) when none begins it; two words spelling a short name part ("bypass ratio" → `bpr`); a category whose words are cut short over a one-word value of another field ("military dictatorships" → `Military Dict`); three words with a little word between as a code's initials ("alive with disease" → `AWD`); a code with digits said exactly, without its plural (`C6H6`, not `C6H6S`); two capitals squeezed from a long word, the code's second letter the word's or a later part's first ("goalkeepers" → `GK`, "turboprops" → `TP`), never places' codes; everyday clipped words (`lexicon::clipped_word`: "tv" of `Televisions`, "pcs", "photo"); little words said exactly as a category's whole value (`All items`); a form of a name's other word right before its field ("charge date" of `date_charged`); a name part but for its digits ("rnfl" of `rnfl4_mean`); value words drop a plural marker glued in parentheses (`Stratovolcano(es)`, `text::words`); a US state's name over its postal code in a `state` field when a field not named for states holds it only as a stray value (`Arizona??`); a regular past of a value's noun or verb ("adopted" of `ADOPTION`, "transferred" of `TRANSFER`); an adverb and its word as a two-word category either way round ("severely injured" of `INJURED  SEVERE`); elements' names over symbols glued into mixtures ("copper zinc" of `CuZn`); a word clipping a whole-number field's one-word name before a number ("gen 4" of `generation`); "higher"/"lower" and a word naming a pair of fields ending in `h` and `l` (`bidh`, `bidl`); among fields one word names alike, the one whose other word the phrase says ("candidates … votes" of `candidatevotes`, not `totalvotes`); a one-part name the second word says whole is spelled by no first word ("steel types" of `types`); a comma list's items when they swap places across values (`dragon, flying`, `flying, dragon`) |
//! | 3-places | place spellings (`fuzzy`) | a value mention of a country in a column of 20 or more places that also writes the country's other names or codes | adds those values to the mention ("uk" → 'Uk', 'United Kingdom', 'England') |
//! | 3-joined | joined values (`values`) | value mentions of one field said together ("and", "plus", "with") or negated | "barley and lupin mix" → the value joining them (`'barley+lupins'`); "no barley at all" leaves out the mixtures holding it (`+`, not the alternatives of `/`); "the mixed diet": a word of mixing names the one mixture no value of its field was said for |
//! | 3-stance | for and against (`stance`) | fields whose answers are one for and one against (`'favor_increase'`/`'no_increase'`, `agree`/`disagree`; not yes/no flags), cue words before a field or its answer after it | "support expanding coal mining", "anti fracking but pro offshore drilling", "solar yes wind no", "don't want more solar": value mentions of each field's answer |
//! | 3-grade | letter grades (`inside`) | a single letter right after (or before, not the article "a") a field whose values are a letter and digits (`A1` … `G5`) | "grade a loans" → `sub_grade LIKE 'A%'` |
//! | 3-below | values written below (`linking`) | a value mention after "didn't", "not", "no", "without", "less" or "below" whose categorical field also holds it (or its words' initials) after "<", "lt-", "less than" or a glued "less" (`'<HS'` beside `'HS'`, `lt-hs` beside `highsc`, `lessHS`, `Less Than High School`); without a value, two or three words after the cue whose initials one such code is below | the mention takes that value and the cue, which negates nothing more |
//! | 3' | a modifier picks a field (`linking`) | the word before a mention several columns share | "evening charges" → `total_eve_charge`: joins the mention |
//! | 3'' | measure nouns (`linking`) | "budget", "level", "amount" right after a field mention | claims the noun; it joins the mention ("advertising budget over 20") |
//! | 3a | columns per year (`periods`) | numbers equal to the year of a column of a family (`price1998`, `price2007`), field mentions | claims the year as a mention of its column; a measure named without a year is its latest column (two-digit years too: `hgt96`, `hgt97`; yes/no fields too: `south66`, `south76` of "in the south in 1966"); "week 10" as a mention of `wk10`; "user 15" as a mention of `user_id` ("product 4" of `prodid`); "week 10", "day 3" on the one whole-number field named `time` when no field is named for the period; "respondent 42", "record 7": the table's one identifier (`id`, `id_no`) after a person or row noun; "household 100" of `ketchup_hid` (a word's initial and `id`) |
//! | 3a' | columns per threshold (`periods`) | a number equal to a member's (`speed65`, `speed70`; `dx70`, `dx90`) beside a mention of the family or in the unit of its measure | claims the number (and unit) as a mention of that member |
//! | 3a'' | a family's member by its ordinal or by a value (`members`) | "3rd grade", "first graders", "grade 2", "second option", "kindergarten" and mentions of a family of columns (`math1` … `math3`, `mathk`; pairs `price1`/`price2`); else a value that keys columns (`purchase` 'MM' of `price_mm`, `special_mm`) | claims the ordinal; the mentions move to that member's column (`math3`, `school1 = 'inner-city'`, `special_mm`); numbers keep to the member's columns |
//! | 3b | people (`people`) | unclaimed sex and age words ("women", "teenagers", "in their 40s") | claims them; sex values as value mentions, age words as field mentions of the age field, decades of age as a filter; a sex said keeps, of a mention naming siblings by sex (`life_male`, `life_female`), its own; "teen mothers" on the age field the phrase names (`mage`); with no field of ages, age words over a text field of age bands (`65-74`, `75+`): the bands inside the range |
//! | 3b'' | living alone (`people`) | "live alone", "living alone" and a whole number field of a household's or family's size (`hhsize`, `fsize`) | claims them; `= 1` |
//! | 3b' | schooling (`schooling`) | levels of schooling ("college graduates", "no high school diploma", "some college") and a column of years of education (`educ`, up to about 25) | claims them; a range on that column (`>= 16`, `< 12`, 13 to 15) |
//! | 3c | graded words (`graded`) | graded comparatives and superlatives, field mentions | the column the lexicon finds for each adjective; turns a comparison over where the word means less; "the most acidic" is the lowest pH (`p_h`, letters the normaliser split), thick a diameter (`dbh`), wet and dry the rain, populous the population (`pop1831`); a smaller-end word ("narrower") with no field of its own turns the named field's comparison; a field named within four words that shares a word of the graded one's name is the one graded ("ocean cooler than average" → `ocean_anomaly`, "the coldest years on land") |
//! | 4 | values (`values`) | value and field mentions, comparators, negations | a filter per field of values; row comparisons ("more gold than Kenya") and positions ("before San Juan"), which set the order by position; no row comparison when the value names a sibling field ("heinz cheaper than hunts" of `price_hunts`: pass 6b compares them in each record); "before july" of a field of month names in a table of one year is the dates before that month; a negated auxiliary reaches past its verb ("who don't say too little" → `<>`), and "outside" ends at the value it names ("men outside the us aged 65+" keeps `age >= 65`); codes between two said with "to" ("b10 to b15" of `B10` … `B15`); a category that says "except" the words (`Federal, Except U.S. Postal Service`) drops out when another holds them; a category that negates the word said (`Non-Emergency PCI` of "emergency") is none of its, unless the phrase says "non"; a value said with a plural of its last word, or before a plural of its field's name, searches the names holding its words ("mount sinai hospitals", "socialist parties": `Contains`); "other than" negates a value beginning with "no" (`No Failure`); "pure water types" over a list field: the whole value of that item alone |
//! | 5 | substrings (`quoted`) | unclaimed quoted text or spelled parts, field mentions | claims them; a `Contains` filter or a trait |
//! | 6 | averages (`average`) | comparators, "average", field mentions | claims the span and marks it; a `GtAvg`/`LtAvg` filter; on a field that is a difference from an average already (`temp_anomaly`, `deviation`) above average is `> 0` ("colder than the 20th century average" → `< 0`) |
//! | 6b | one field against another (`compare_fields`) | field mentions, a comparative and "than" | claims the span, attaches both fields; a `GtField`/`LtField` filter ("more deaths than births"); of any one type, "the same as"/"different from" → `EqField`/`NeField`; past a pronoun or a noun both share ("writes faster than it reads", "write speed above read speed") |
//! | 6c | bracket codes (`numbers`) | a comparator and a whole number a text field of brackets writes as one code (`lt15k`, `<15000`, `50k+`, `>50k`) | claims them and the field named before; `= 'lt15k'`; `ge`/`le` codes and codes after the prefix every value shares ("10+ years" → `'emp_ge_10'`, "less than a year" → `'emp_lt_1'`) |
//! | 7 | numbers (`numbers`, `group_count`) | unclaimed numbers, quantities, comparators, field mentions, attached fields | claims the number phrase, attaches its field; a filter in the field's unit (cents, ages in months, sizes in thousands of square feet, times in months read from the range); the same filter on each field of a list ("in both composition and drawing"); none for the year a field's name ends with (`posted_reserve97`); the amounts column of a table in long form (`variable` = 'rent' beside `estimate`); a text comparison on durations written as a clock ("02:09:37"); the identifier after a noun no field takes ("household 17"); a distance for "within N m of", latitude for "degrees north"; or, before the table's row noun ("hometowns shared by at least two teachers"), a count of records per value of the field named before (`GroupCount`); a 0/1 flag named for a threshold (`age80` of "80+", "under 80"); a noun's number on the column its start and a numbering word name (`provnum` of "provider 30001"); of the columns one mention names, the sibling the comparative measures (`bill_width` of "wider"; a length by default), the one a letter said picks (`cost_h` of "lake houston"), the child's (`child_height` of "sons"), the one holding the number as written (`development_lag` of "ten years"); never a square or a logarithm guessed (`incsq`); a time said as a point ("at 28 days") on the one field of times; a year on a text column of dates ends the value (`LIKE '%/2019'`); a duration in years on the age field when the dataset has no other duration and no dates ("females over 25 years"); a year before a field that cannot hold it goes to the year column, in two digits where it writes them ("1999 salaries" → `year = 99`), a year after a word of time to the one column with a year glued into its name that holds it (`yearphd` of "phd earned before 1960"); no calendar year column for a number no year can be ("over 3000 traffic deaths in a year"); dashed ranges ("25-34", "$15-20", "0-10 cm"; not a date's parts); a length over a text column of bands named for it (`depth` "0-10", "30-60"), and said of a layer or a depth; "older than 1985" before it; "20 years of schooling" on the field named after "of"; a length "from" a place or "away" is a distance; a speed before "limit" on the one limit field; a word before the unit naming a sibling ("city mileage under 15 mpg" of `city_mpg`); days, weeks or months as said on a bare `duration` whose range holds them; a milestone ("100 rbi seasons") is at least the number; "six figures", "millionaires" on the money field; no year centuries from every date and year the data holds ("over 1000 men" in 2005 to 2016 is a count); a rate said per 100 (or 1,000…) people on a field that holds it per person, a fraction, divided ("more than 3 police per 100 residents" → `polpc > 0.03`); a number with a unit no field holds on the one text field of numbered codes holding it ("60 month loans" → `term = 'term_60'`); "funded", "balance", "principal" are money; an amount with a unit leaves a count named by a plural (`ticks`) for the one field of its dimension that holds it (`height`); "deeper than" on an elevation that goes below the sea is below minus it; "in 2023" goes to a date before a measure that only reaches the number; an amount with a magnitude and no field, to the one measure that holds it or holds it in its scale ("above 7 million" on thousands); "chick number 250" of an identifier; money of a price quoted as open, high, low and close (`measure::price_quotes`) is the close; "still … after 2015" on the start of a span, its end (`end_year` of `start_year`); a year compared on dates kept as text with four-digit years (`7/4/2015`): `YearBetween` ("before 1970" → 0 to 1969), the stores' `quarry_year` |
//! | 7a' | freezing (`numbers`) | "freezing", "below freezing" | claims them; `<= 0` (°C) or `<= 32` (°F) on the (lowest) temperature field |
//! | 7a'' | signs (`numbers`) | "negative"/"positive" beside a numeric field holding both signs | claims them, attaches the field; `< 0` or `> 0` |
//! | 7a'''' | halves (`numbers`) | "a majority", "over/under half" and a share field (0–100 or 0–1) named within five words | claims them, attaches the field; `> 50`, `< 0.5`, … |
//! | 7a''''' | digit counts (`numbers`) | "single/double/triple digits" and a numeric field named within four words | claims them, attaches the field; `>= 10 AND < 100`, … |
//! | 7a''' | trends (`numbers`) | words of decline or growth ("shrinking", "lost", "growing") and a column of changes (both signs, named change/growth/diff); else words of a loss or win ("lost", "deficit", "profitable") and a signed column of results (`profit`, `win_margin`) | claims the word; `< 0` or `> 0`, or the superlative's order ("the worst loss") |
//! | 7a'''-dir | directions of change (`directions`) | "got worse", "improved", "went down", "stayed the same" and a field of answers of direction (`-1`/`0`/`1`, or words such as 'Decreased', 'Increased', 'Stayed the same') the phrase names, else the only one | claims them; `= -1`, `= 1`, `= 0` or the answer's value |
//! | 7b | age words (`people`) | age words no number took | a range filter on the age field; with a number bounding one side ("adults under 30"), the word's other bound |
//! | 7b' | figures (`figure`) | "how many", "average/total" and the field after it | the plan's figure; marks the field taken |
//! | 7c | missing values (`missing`) | field mentions no number took, absence and presence words; adjectives of an amount field's noun ("rainy" of `rain_mm`) | claims them; `IS NULL`/`IS NOT NULL`, or `= 0`/`> 0` on a count or amount; "rainy" and "dry" through the rain field's synonyms (`precip`); "obese", "overweight", "underweight" on the body mass index; a field's own value of not knowing (`unknown`, `-`) for "not recorded", "no position listed"; "nothing pending" on a count (`= 0`); a value of not knowing after the prefix every value shares (`emp_unk`); "recorded" or "measured" said after a field (past a filler noun such as "weight", or the other fields of a list joined by "and") asks for a value: "branch weight recorded", "root and bark measured" → `IS NOT NULL`; "no protein figure": a figure, measurement or entry after the field asks for none recorded |
//! | 8 | months (`dates`) | unclaimed month names | claims them; a filter on the date column, or, with none, on a text column of dates as people write them, the one an event word names (`dates::TextDate`: `m/d/yy` → `LIKE '7/%'`; day first, told by a first part above 12, `25/12/2019` → `LIKE '%/12/%'`; by name, `Sep 11, 2001` → `LIKE 'Sep%'`; dashes as slashes, `25-12-2019`, day first when the largest value says so; months of a year, `1965-03`: the month ends the value, `LIKE '%-12'`, a year with it begins it, a range of months in a year is a text range; and `'%/2004'`, `'% 2001'` for a year said with the month; a year alone ends the value, pass 7; on `1965-03` months a year compares as text, as seasons do); plural month names ("januaries") are months; months written `2007 Dec` (`TextDate::YearMonthName`): years as text prefixes, months as `' Dec'` endings, a season of a year as its three values |
//! | 9 | yes/no fields (`yes_no`) | field mentions, filters so far | a filter for "yes" (`seeded` 'S'/'U': a name's initial beside the initial of its negation; `Yes`/`No` with a stray answer of one row in fifty or fewer); flags named by a letter and a word (`pira` of "an ira", `e401k` of "eligible for a 401k", before the numbers pass), by a word and a year's digits (`open85`), by antonyms and cut names ("survivors" of `died`, "single" of `marr`), by its last word's -ing form ("not feeding" of `active_feeding`), by a first part that is a short form ("veterans" of `vet_wwko`); a year alone names no flag; a place's flag modifies no flag after it ("michigan construction workers"); the answer said beside the flag's word ("voted no", "yes votes"); a negated word inside another field's mention negates no flag ("lobed leaves without a smooth edge" keeps `lobed_edge` yes); a participle of a text field holding `No <name>` among other values asks for the others ("discounted" → `discount <> 'No Discount'`); "no" past a comma or right before another field's name is no answer ("online, no informant"); a form of a name's other word said elsewhere ("radicalized online") is the flag's; a word three flags share names the one whose other words the phrase says ("targeted the military" of `military_target`); a flag's last word, an adjective of five letters or more said alone ("alive" of `was_outcome_alive`), not a word of size |
//! | 9' | events said as verbs (`event_values`) | an unclaimed participle whose verb's noun (WordNet's derivations) is one value of a category of at most 50, unless a field's name holds the noun | `= 'Death'` for "died", `<>` negated |
//! | 9'' | words of lacking (`less_words`) | "winless", "childless": a -less word whose root is a whole-number field from 0 | `= 0` |
//! | 10 | order and top-N (`order`) | superlatives, field mentions, average marks, the position anchor, filters | order, limit (a period word after it, "the 5 busiest hours", names the rows; the amounts column of a long-form table when no field is named); or a most-frequent filter; claims counts it finds; the field after "by" within six words ("top 3 antarctic years by total"); a field's whole name past a word or two the table does not know beats the superlative's usual measure ("the 2 largest sampling weights"); "longest" reads a field of hours (no period); "top N" over a field of standings is `<= N` ("top 25 recruiting classes" of `recruitrank`; a glued rank name is never the table's field of standings unnamed); a superlative word that orders by nothing but spells a code is that value ("bottom" of 'BTM'); a whole number per row (`dept`) after a superlative is what the rows are called, not its measure; "highest", "lowest", "top" with nothing named rank the table's one measure ("the 3 highest months"); "best"/"worst" of a measure of harm (mortality, deaths, failures, errors) turned: the worst is the highest |
//! | 10' | keying values (`members`) | the values that picked a family's members, filters, order | drops such a value's own filter when a member's column was used ("dannon under 6" is `price_dannon < 6` alone); both values of an `In` ("heinz cheaper than hunts") |
//! | 11 | alternatives (`filters`) | filter spans | joins "A or B" across fields, not past two unknown words after "or" ("college or technical school grads in alberta"); and months, substrings or two values two passes found on one field ("july or august", "low or bottom two") |
//! | 12 | traits (`traits`) | unclaimed tokens outside comparators | traits; "say" only says what to search; two trait words joined by "of" are one phrase ("waste of money"); a verb's -ing form after "still" or "is", beside another condition, is no trait ("still killing after 2015") |
//! | 13 | notes (`taught`, `notes`) | mentions, phrases, the vocabulary | a note per taught word used; the fields-named and tier notes, key phrases |
//!
//! The dataset's vocabulary (`crate::taught`) also reaches passes 2 and 3:
//! its superlatives come before the built-in ones, its synonyms, units and
//! description words are field aliases.
//!
//! The helpers that find the field a word governs (after it, before it,
//! implied by it) are in `governs`.

mod average;
mod calendar;
mod claims;
mod compare_fields;
mod dates;
mod directions;
mod event_values;
mod figure;
mod filters;
mod fuzzy;
mod governs;
mod graded;
mod group_count;
mod inside;
mod less_words;
mod linking;
mod members;
mod mentions;
mod missing;
mod notes;
mod numbers;
mod operators;
mod order;
mod people;
mod period_labels;
mod periods;
mod place_parts;
mod quantities;
mod quoted;
mod schooling;
mod stance;
mod standings;
mod taught;
mod traits;
mod values;
mod weekdays;
mod yes_no;
mod zero_lines;

use crate::index::Index;
use crate::note::Note;
use crate::plan::{QueryPlan, Tier};
use crate::profile::ColumnType;
use crate::text::{stem, tokenize, Token};
use crate::Day;
use claims::Claims;
use mentions::{FieldMention, OpMention, Superlative, ValueMention};

/// The state the passes share while planning one phrase.
struct Ctx<'a> {
    ix: &'a Index,
    query: &'a str,
    toks: Vec<Token>,
    tier: Tier,
    today: Day,
    /// Which tokens are understood, and the marks passes leave each other.
    claims: Claims,
    fields: Vec<FieldMention>,
    values: Vec<ValueMention>,
    ops: Vec<OpMention>,
    sups: Vec<Superlative>,
    /// Tokens that are negation words.
    negations: Vec<usize>,
    plan: QueryPlan,
    /// The plan's notes, in order; rendered into `plan.notes` at the end.
    notes: Vec<Note>,
    /// Token spans that carried meaning, for the key phrases.
    phrases: Vec<(usize, usize)>,
    /// Token span of each filter, for joining "A or B" across fields.
    filter_spans: Vec<(usize, usize)>,
    /// Words of age ("children") waiting to see whether a number takes them.
    age_words: Vec<people::AgeWord>,
    /// Numbers with units ("2.5 kg"), by their number's token.
    quantities: Vec<quantities::Quantity>,
    /// The columns of the family member the phrase names ("second
    /// option": `price2`, `time2`), which numbers keep to.
    member: Option<Vec<usize>>,
    /// Values that picked a family's members (`choice`, 'dannon'), whose
    /// own filter goes when a member was used.
    keying: Vec<members::Keying>,
    /// Names spelled from a token (`linking::spelled_field_at`), by the
    /// token and how many unclaimed words follow it: the passes ask often.
    spelled: std::cell::RefCell<std::collections::HashMap<(usize, usize), linking::Spelled>>,
}

/// Plans one phrase: runs the passes in their order.
pub fn plan(ix: &Index, query: &str, tier: Tier, today: Day) -> QueryPlan {
    let toks = single_counts(
        ordinals(
            engine_layouts(spaced_codes(seasons(tokenize(query), ix), ix), ix),
            ix,
        ),
        ix,
    );
    let n = toks.len();
    let mut cx = Ctx {
        ix,
        query,
        toks,
        tier,
        today,
        claims: Claims::new(n),
        fields: Vec::new(),
        values: Vec::new(),
        ops: Vec::new(),
        sups: Vec::new(),
        negations: Vec::new(),
        plan: QueryPlan::empty(tier),
        notes: Vec::new(),
        phrases: Vec::new(),
        filter_spans: Vec::new(),
        age_words: Vec::new(),
        quantities: Vec::new(),
        member: None,
        keying: Vec::new(),
        spelled: Default::default(),
    };
    cx.taught_phrases();
    cx.relative_dates();
    cx.calendar_phrases();
    cx.days_of_month();
    cx.period_label_conditions();
    cx.read_quantities();
    cx.standing_ordinals();
    cx.ordinal_counters();
    cx.zero_lines();
    cx.scan_operators();
    cx.claim_hemispheres();
    cx.words_inside_names();
    cx.place_parts();
    cx.values_said_as();
    cx.link();
    cx.place_spellings();
    cx.combined_values();
    cx.stances();
    cx.letter_grades();
    cx.below_values();
    cx.per_capita_mentions();
    cx.narrow_by_modifier();
    cx.measure_nouns();
    cx.year_columns();
    cx.numbered_columns();
    cx.valued_columns();
    cx.numbered_ids();
    cx.family_members();
    cx.people_words();
    cx.living_alone();
    cx.schooling_levels();
    cx.resolve_graded();
    cx.value_conditions();
    cx.quoted_conditions();
    cx.average_conditions();
    cx.field_comparisons();
    cx.field_equalities();
    cx.lettered_flag_names();
    cx.bracket_codes();
    cx.number_conditions();
    cx.freezing();
    cx.signs();
    cx.halves();
    cx.digit_counts();
    cx.money_figures();
    cx.trends();
    cx.change_directions();
    cx.age_word_conditions();
    cx.figures();
    cx.missing_values();
    cx.amount_adjectives();
    cx.month_conditions();
    cx.boolean_fields();
    cx.presence_fields();
    cx.event_values();
    cx.less_words();
    cx.order_and_limit();
    cx.drop_keying_values();
    cx.join_alternatives();
    cx.traits();
    cx.taught_notes();
    cx.finish();
    cx.plan.notes = cx.notes.iter().map(Note::to_string).collect();
    cx.plan
}

/// "type 3 schools", "grade 8": a word and a whole number written apart
/// that a value of the dataset writes as one word (`Type3`, `Grade8`)
/// are that word, when the word alone is no value.
fn spaced_codes(toks: Vec<Token>, ix: &Index) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(toks.len());
    let mut it = toks.into_iter().peekable();
    while let Some(t) = it.next() {
        let glued = it.peek().and_then(|n| {
            let whole = matches!(
                n.kind,
                crate::text::TokenKind::Number {
                    value,
                    unit: None,
                    percent: false,
                    ..
                } if value.fract() == 0.0 && value >= 0.0
            );
            let joined = format!("{}{}", t.norm, n.norm);
            (t.is_word()
                && whole
                && t.norm.len() >= 2
                && t.norm.bytes().all(|b| b.is_ascii_alphabetic())
                && !ix.values_by_first.contains_key(&t.norm)
                && ix.values_by_first.contains_key(&joined))
            .then(|| Token::word(&joined, t.start, n.end))
        });
        match glued {
            Some(g) => {
                it.next();
                out.push(g);
            }
            None => out.push(t),
        }
    }
    out
}

/// "v8 chevys", "v6": an engine's layout and count of cylinders, in a
/// table with a column of cylinders (`cylinders`, `no_cylinders`, `cyl`),
/// is that count ("8 cylinders").
fn engine_layouts(toks: Vec<Token>, ix: &Index) -> Vec<Token> {
    let cylinders = ix.profile.columns.iter().find(|c| {
        c.ty.is_numeric()
            && c.name
                .split('_')
                .any(|w| w.starts_with("cyl") && w.len() <= 9)
    });
    let Some(col) = cylinders else {
        return toks;
    };
    let word = col
        .name
        .split('_')
        .find(|w| w.starts_with("cyl"))
        .unwrap_or("cylinders")
        .to_string();
    let mut out = Vec::with_capacity(toks.len());
    for t in toks {
        let count = t
            .norm
            .strip_prefix('v')
            .map(|n| n.trim_end_matches('s'))
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| matches!(n, 2..=16) && n % 2 == 0);
        match count {
            Some(n) if t.is_word() && !ix.values_by_first.contains_key(&t.norm) => {
                out.push(Token::plain_number(f64::from(n), t.start, t.end));
                out.push(Token::word(&word, t.start, t.end));
            }
            _ => out.push(t),
        }
    }
    out
}

/// "single-author packages", "a single bathroom": "single" before the
/// word of a whole-number column counting things (`authors`, `bathrooms`,
/// from 0 or 1) is the number 1, unless the table holds "single" as a
/// value (a marital status).
fn single_counts(mut toks: Vec<Token>, ix: &Index) -> Vec<Token> {
    if ix.values_by_first.contains_key("single") {
        return toks;
    }
    for k in 0..toks.len().saturating_sub(1) {
        if !matches!(toks[k].norm.as_str(), "single" | "sole" | "solo") {
            continue;
        }
        let next = &toks[k + 1];
        if !next.is_word() || next.stem.len() < 4 {
            continue;
        }
        let counts = ix.profile.columns.iter().any(|c| {
            c.ty.is_numeric()
                && c.min
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m == 0.0 || m == 1.0)
                && c.max
                    .as_deref()
                    .and_then(|m| m.parse::<f64>().ok())
                    .is_some_and(|m| m > 1.0)
                && (c.name.split('_').any(|w| {
                    w.len() > next.stem.len()
                        && w.starts_with(next.stem.as_str())
                        && w.ends_with('s')
                })
                    // `nown` of "a single owner": a count named `n` and
                    // the word's start.
                    || c.name.strip_prefix('n').is_some_and(|r| {
                        r.len() >= 3 && !r.contains('_') && next.norm.starts_with(r)
                    }))
        });
        if counts {
            toks[k] = Token::plain_number(1.0, toks[k].start, toks[k].end);
        }
    }
    toks
}

/// "first class women", "third class": an ordinal word before a word of the
/// name of a column that writes ordinals as `1st`, `2nd`, `3rd` is that
/// value, not a position ("the first 5 passengers" stays one).
fn ordinals(toks: Vec<Token>, ix: &Index) -> Vec<Token> {
    const FORMS: [(&str, &str); 5] = [
        ("first", "1st"),
        ("second", "2nd"),
        ("third", "3rd"),
        ("fourth", "4th"),
        ("fifth", "5th"),
    ];
    let mut out = toks.clone();
    let mut numbering = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        let Some(n) = FORMS.iter().position(|(w, _)| *w == t.norm) else {
            continue;
        };
        if numbers_a_column(&toks, k, n + 1, ix) {
            numbering.push((k, n + 1));
            continue;
        }
        let form = FORMS[n].1;
        // "second or third instar": past the other ordinals of a list.
        let Some(next) = toks[k + 1..]
            .iter()
            .take(5)
            .find(|t| {
                !matches!(t.norm.as_str(), "and" | "or" | ",")
                    && !FORMS.iter().any(|(w, _)| *w == t.norm)
            })
            .filter(|n| n.is_word() && n.norm.len() >= 3)
        else {
            continue;
        };
        let holds = ix.values_by_first.get(form).is_some_and(|ids| {
            ids.iter().any(|&id| {
                let e = &ix.values[id as usize];
                e.words.len() == 1 && ix.column_name(e.column).contains(next.stem.as_str())
            })
        });
        // "second deck" of a `deck` numbered 1 to 5: the number.
        let numbers = ix.profile.columns.iter().any(|c| {
            c.ty == ColumnType::Integer
                && c.name.contains(next.stem.as_str())
                && c.distinct_count <= 12
                && c.min
                    .as_deref()
                    .and_then(|m| m.parse::<i64>().ok())
                    .is_some_and(|m| (0..=1).contains(&m))
                && c.values.iter().any(|v| v.value == (n + 1).to_string())
        });
        if holds {
            out[k] = Token::word(form, t.start, t.end);
        } else if numbers {
            out[k] = Token::plain_number((n + 1) as f64, t.start, t.end);
        }
    }
    // "the first and second line" of `line_1`, `line_2`: the ordinals
    // number fields, so they are no position in the dataset's order.
    // Right before its word, the ordinal becomes the number after it
    // ("second line" → "line 2", a word that with "line" names `line_2`).
    for (k, n) in numbering.into_iter().rev() {
        out.remove(k);
        // The number spans its word, so spans of the words stay in order.
        if let Some((start, end)) = out
            .get(k)
            .filter(|w| {
                w.is_word() && w.norm.len() >= 3 && !matches!(w.norm.as_str(), "and" | "or")
            })
            .map(|w| (w.start, w.end))
        {
            out.insert(k + 1, Token::word(&n.to_string(), start, end));
        }
    }
    out
}

/// Whether the ordinal at `k` (the `n`th) numbers a column: the next word
/// that is no ordinal nor "and"/"or" is a word of a column's name that
/// carries `n` (`line_1`, `address_line2`).
fn numbers_a_column(toks: &[Token], k: usize, n: usize, ix: &Index) -> bool {
    let Some(word) = toks[k + 1..]
        .iter()
        .take(4)
        .find(|t| {
            !matches!(
                t.norm.as_str(),
                "and" | "or" | "first" | "second" | "third" | "fourth" | "fifth"
            )
        })
        .filter(|t| t.is_word() && t.norm.len() >= 3)
    else {
        return false;
    };
    let n = n.to_string();
    ix.profile.columns.iter().any(|c| {
        let name = c.name.to_lowercase();
        let parts: Vec<&str> = name.split('_').collect();
        parts
            .windows(2)
            .any(|w| stem(w[0]) == word.stem && w[1] == n)
            || parts.iter().any(|p| {
                p.strip_suffix(n.as_str())
                    .is_some_and(|head| head.len() >= 3 && stem(head) == word.stem)
            })
    })
}

/// "summer 2018": a season before a year is its months ("june to august
/// 2018", the northern hemisphere's), which the calendar passes read as a
/// range of days; unless the data has the season's name as a value.
fn seasons(toks: Vec<Token>, ix: &Index) -> Vec<Token> {
    let mut out = Vec::with_capacity(toks.len());
    let is_year = |t: &Token| {
        t.number()
            .is_some_and(|y| (1000.0..=2100.0).contains(&y) && y.fract() == 0.0)
    };
    for (k, t) in toks.iter().enumerate() {
        // "the winter of 2016": the "of" goes with the season.
        if t.norm == "of"
            && k > 0
            && matches!(
                toks[k - 1].norm.as_str(),
                "spring" | "summer" | "fall" | "autumn" | "winter"
            )
            && toks.get(k + 1).is_some_and(is_year)
        {
            continue;
        }
        let months = match t.norm.as_str() {
            "spring" => Some(("march", "may")),
            "summer" => Some(("june", "august")),
            "fall" | "autumn" => Some(("september", "november")),
            "winter" => Some(("december", "february")),
            _ => None,
        };
        let year_after = toks.get(k + 1).is_some_and(is_year)
            || toks.get(k + 1).is_some_and(|n| n.norm == "of")
                && toks.get(k + 2).is_some_and(is_year);
        // "summer bills" with no year: the months, where the table has
        // months to compare (a date or a column of month numbers).
        let has_months = || {
            ix.profile.columns.iter().any(|c| {
                matches!(c.ty, ColumnType::Date | ColumnType::DateTime)
                    || dates::is_month_number_column(c)
                    || c.ty == ColumnType::Text
                        && !c.values.is_empty()
                        && c.values.len() <= 12
                        && c.values.iter().all(|v| {
                            let v = v.value.trim().to_lowercase();
                            v.len() >= 3 && crate::lexicon::MONTHS.iter().any(|m| m.starts_with(&v))
                        })
            })
        };
        let named_value =
            ix.values_by_first.contains_key(&t.norm) || ix.values_by_word.contains_key(&t.stem);
        match months {
            // With a year it is a date even where a value has the name
            // ("german shepherds licensed in summer 2018", a pet "Summer").
            Some((from, to)) if year_after || !named_value && has_months() => {
                for w in [from, "to", to] {
                    out.push(Token::word(w, t.start, t.end));
                }
            }
            _ => out.push(t.clone()),
        }
    }
    out
}

impl Ctx<'_> {
    fn norm(&self, i: usize) -> &str {
        &self.toks[i].norm
    }

    fn word_at(&self, i: usize, w: &str) -> bool {
        i < self.toks.len() && self.toks[i].is_word() && self.toks[i].norm == w
    }

    /// Whether a comma stands right before token `i` (after token `i - 1`).
    fn comma_before(&self, i: usize) -> bool {
        i > 0
            && i < self.toks.len()
            && self.query[self.toks[i - 1].end..self.toks[i].start].contains(',')
    }

    fn span_text(&self, start: usize, end: usize) -> String {
        let s = self.toks[start].start;
        let e = self.toks[end - 1].end;
        self.query[s..e].to_string()
    }

    fn matches_words(&self, i: usize, ws: &[&str]) -> bool {
        ws.iter().enumerate().all(|(k, w)| self.word_at(i + k, w))
    }

    fn note(&mut self, note: Note) {
        self.notes.push(note);
    }

    /// Whether a filter so far reads the field `name`.
    fn has_filter_on(&self, name: &str) -> bool {
        self.plan
            .filters
            .iter()
            .any(|f| f.any_of.iter().any(|c| c.field == name))
    }
}
