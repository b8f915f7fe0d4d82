#!/usr/bin/env bash
# Regenerates the dataset profiles the phrase corpus (tests/corpus.rs) plans
# against, with the real importer: each CSV is imported by `quarry dataset
# import` into a throw-away data directory, and the profile the importer
# stored in the dataset file (table `_quarry_profile`) is written here as
# pretty-printed JSON, so that a change of the importer shows as a diff.
#
# Sources: the demo CSVs (demo/; airports cut to every fifth row, 1,577 of
# 7,884, so that its profile, which lists every code and name, stays near
# 300 KB), 5,000 rows of the deterministic companies generator
# (`gen-companies`, default seed), and the small CSVs written for the corpus
# (tests/data/*.csv). Each value count is written on a line of its own.
#
# Usage: bash crates/quarry-planner/tests/data/profiles/build.sh
# then `UPDATE_EXPECT=1 cargo test -p quarry-planner --test corpus` to see
# what the new profiles change in the plans.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
data="$(cd "$here/.." && pwd)"
root="$(cd "$here/../../../../.." && pwd)"
cd "$root"

# One build of both, so that they share one feature resolution.
cargo build --quiet -p quarry --bin quarry -p quarry-dataset --bin gen-companies
target="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
quarry="$target/debug/quarry"
gen_companies="$target/debug/gen-companies"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dir="$tmp/data"
email="corpus@example.com"
echo "corpus-password" | "$quarry" --data-dir "$dir" account create --email "$email" --password-stdin >/dev/null

"$gen_companies" --rows 5000 --out "$tmp/companies.csv" 2>/dev/null
awk 'NR == 1 || NR % 5 == 2' demo/airports.csv >"$tmp/airports.csv"

# profile name -> source file
sources=(
    "airports=$tmp/airports.csv"
    "birdstrikes=demo/birdstrikes.csv"
    "flights=demo/flights.csv"
    "companies=$tmp/companies.csv"
    "people=$data/people.csv"
    "products=$data/products.csv"
    "movies=$data/movies.csv"
    "weather=$data/weather.csv"
    "foods=$data/foods.csv"
    "races=$data/races.csv"
    "jobs=$data/jobs.csv"
    "articles=$data/articles.csv"
    "staff=$data/staff.csv"
    "courses=$data/courses.csv"
    "contestants=$data/contestants.csv"
    "listings=$data/listings.csv"
    "squads=$data/squads.csv"
    "orders=$data/orders.csv"
    "patients=$data/patients.csv"
    "films=$data/films.csv"
    "counties=$data/counties.csv"
    "players=$data/players.csv"
    "seasons=$data/seasons.csv"
    "engines=$data/engines.csv"
    "trips=$data/trips.csv"
    "homes=$data/homes.csv"
    "city_snow=$data/city_snow.csv"
    "farms=$data/farms.csv"
    "artworks=$data/artworks.csv"
    "disease_counts=$data/disease_counts.csv"
    "survey=$data/survey.csv"
    "vehicles=$data/vehicles.csv"
    "charts=$data/charts.csv"
    "colleges=$data/colleges.csv"
    "voyages=$data/voyages.csv"
    "autos=$data/autos.csv"
    "mammals=$data/mammals.csv"
    "home_sales=$data/home_sales.csv"
    "nations=$data/nations.csv"
    "addresses=$data/addresses.csv"
    "cases=$data/cases.csv"
    "matches=$data/matches.csv"
    "bookings=$data/bookings.csv"
    "plots=$data/plots.csv"
    "batting=$data/batting.csv"
    "recipes=$data/recipes.csv"
    "herds=$data/herds.csv"
    "shops=$data/shops.csv"
    "voters=$data/voters.csv"
    "counselling_trial=$data/counselling_trial.csv"
    "pupils=$data/pupils.csv"
    "respondents=$data/respondents.csv"
    "routes=$data/routes.csv"
    "ice_cores=$data/ice_cores.csv"
    "asylum_claims=$data/asylum_claims.csv"
    "crabs=$data/crabs.csv"
    "stars=$data/stars.csv"
    "shipments=$data/shipments.csv"
    "labour_survey=$data/labour_survey.csv"
    "game_show=$data/game_show.csv"
    "social_panel=$data/social_panel.csv"
    "visitor_quarters=$data/visitor_quarters.csv"
    "test_cylinders=$data/test_cylinders.csv"
    "rail_offers=$data/rail_offers.csv"
    "club_results=$data/club_results.csv"
    "pig_weights=$data/pig_weights.csv"
    "boutiques=$data/boutiques.csv"
    "juice_sales=$data/juice_sales.csv"
    "air_routes=$data/air_routes.csv"
    "road_laws=$data/road_laws.csv"
    "loan_decisions=$data/loan_decisions.csv"
    "tv_episodes=$data/tv_episodes.csv"
    "country_index=$data/country_index.csv"
    "metro_services=$data/metro_services.csv"
    "pension_funds=$data/pension_funds.csv"
    "household_shares=$data/household_shares.csv"
    "policy_bands=$data/policy_bands.csv"
    "commuter_choices=$data/commuter_choices.csv"
    "home_lots=$data/home_lots.csv"
    "trader_bands=$data/trader_bands.csv"
    "meal_budgets=$data/meal_budgets.csv"
    "well_distances=$data/well_distances.csv"
    "shelf_checks=$data/shelf_checks.csv"
    "inmates=$data/inmates.csv"
    "concrete_tests=$data/concrete_tests.csv"
    "house_lots=$data/house_lots.csv"
    "art_scores=$data/art_scores.csv"
    "region_climate=$data/region_climate.csv"
    "lab_flies=$data/lab_flies.csv"
    "exchange_days=$data/exchange_days.csv"
    "law_programs=$data/law_programs.csv"
    "hawk_bands=$data/hawk_bands.csv"
    "work_panel=$data/work_panel.csv"
    "clinic_followup=$data/clinic_followup.csv"
    "claim_lines=$data/claim_lines.csv"
    "harbour_winds=$data/harbour_winds.csv"
    "town_weather=$data/town_weather.csv"
    "gall_years=$data/gall_years.csv"
    "family_survey=$data/family_survey.csv"
    "ride_hours=$data/ride_hours.csv"
    "state_counts=$data/state_counts.csv"
    "state_measures=$data/state_measures.csv"
    "site_survey=$data/site_survey.csv"
    "loan_terms=$data/loan_terms.csv"
    "race_times=$data/race_times.csv"
    "state_codes=$data/state_codes.csv"
    "crop_seasons=$data/crop_seasons.csv"
    "contest_places=$data/contest_places.csv"
    "frog_sites=$data/frog_sites.csv"
    "carry_laws=$data/carry_laws.csv"
    "rentals=$data/rentals.csv"
    "economies=$data/economies.csv"
    "isotopes=$data/isotopes.csv"
    "county_density=$data/county_density.csv"
    "plant_sales=$data/plant_sales.csv"
    "gym_visits=$data/gym_visits.csv"
    "hospital_stays=$data/hospital_stays.csv"
    "savings=$data/savings.csv"
    "textbooks=$data/textbooks.csv"
    "jays=$data/jays.csv"
    "trial=$data/trial.csv"
    "town_rents=$data/town_rents.csv"
    "family_heights=$data/family_heights.csv"
    "lake_trips=$data/lake_trips.csv"
    "loss_triangle=$data/loss_triangle.csv"
    "fuel_samples=$data/fuel_samples.csv"
    "traffic_laws=$data/traffic_laws.csv"
    "glass_assay=$data/glass_assay.csv"
    "trail_days=$data/trail_days.csv"
    "school_districts=$data/school_districts.csv"
    "fry_tasting=$data/fry_tasting.csv"
    "clinic_visits=$data/clinic_visits.csv"
    "rain_trials=$data/rain_trials.csv"
    "power_plants=$data/power_plants.csv"
    "arrest_panel=$data/arrest_panel.csv"
    "company_finances=$data/company_finances.csv"
    "leaf_samples=$data/leaf_samples.csv"
    "tasting_panel=$data/tasting_panel.csv"
    "survey_brackets=$data/survey_brackets.csv"
    "car_specs=$data/car_specs.csv"
    "trial_outcomes=$data/trial_outcomes.csv"
    "station_days=$data/station_days.csv"
    "legislators=$data/legislators.csv"
    "faculty_panel=$data/faculty_panel.csv"
    "injury_claims=$data/injury_claims.csv"
    "episode_results=$data/episode_results.csv"
    "insect_growth=$data/insect_growth.csv"
    "package_checks=$data/package_checks.csv"
    "canada_survey=$data/canada_survey.csv"
    "country_panel=$data/country_panel.csv"
    "district_scores=$data/district_scores.csv"
    "soil_layers=$data/soil_layers.csv"
    "house_votes=$data/house_votes.csv"
    "borrower_survey=$data/borrower_survey.csv"
    "car_spells=$data/car_spells.csv"
    "county_justice=$data/county_justice.csv"
    "parents_births=$data/parents_births.csv"
    "country_indicators=$data/country_indicators.csv"
    "loan_book=$data/loan_book.csv"
    "feeding_trial=$data/feeding_trial.csv"
    "leaf_traits=$data/leaf_traits.csv"
    "opinion_panel=$data/opinion_panel.csv"
    "sun_times=$data/sun_times.csv"
    "cholera_days=$data/cholera_days.csv"
    "tree_parts=$data/tree_parts.csv"
    "purchase_panel=$data/purchase_panel.csv"
    "station_hours=$data/station_hours.csv"
    "change_panel=$data/change_panel.csv"
    "parolees=$data/parolees.csv"
    "export_series=$data/export_series.csv"
    "fi_survey=$data/fi_survey.csv"
    "wafer_tests=$data/wafer_tests.csv"
)

for entry in "${sources[@]}"; do
    name="${entry%%=*}"
    file="${entry#*=}"
    "$quarry" --data-dir "$dir" dataset import "$file" --id "$name" --account "$email" --quiet >/dev/null
    dataset_file="$(ls "$dir"/datasets/"$name"-*.sqlite)"
    python3 - "$dataset_file" "$here/$name.json" <<'EOF'
import json, sqlite3, sys
src, out = sys.argv[1], sys.argv[2]
conn = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
(text,) = conn.execute("SELECT json FROM _quarry_profile").fetchone()
profile = json.loads(text)
compact = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))
lines = ["{"]
keys = list(profile)
for k in keys:
    comma = "," if k != keys[-1] else ""
    if k != "columns":
        lines.append(f" {compact(k)}:{compact(profile[k])}{comma}")
        continue
    lines.append(' "columns":[')
    for i, col in enumerate(profile["columns"]):
        values = col.get("values", [])
        head = {c: v for c, v in col.items() if c != "values"}
        lines.append("  " + compact(head)[:-1] + ',"values":[')
        lines.extend("   " + compact(v) + ("," if j + 1 < len(values) else "") for j, v in enumerate(values))
        lines.append("  ]}" + ("," if i + 1 < len(profile["columns"]) else ""))
    lines.append(" ]" + comma)
lines.append("}")
with open(out, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
json.loads(open(out, encoding="utf-8").read())
EOF
    echo "$name: $(wc -c <"$here/$name.json") bytes"
done
