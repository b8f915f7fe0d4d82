#!/usr/bin/env python3
"""Rebuilds the demo CSVs in this folder from the registry packages they come from.

Usage (see README.md in this folder):
    python3 demo/derive.py VEGA_DATASETS_PACKAGE_DIR AIRPORTSDATA_DIR [ISO_3166_JSON]

VEGA_DATASETS_PACKAGE_DIR is the unpacked npm tarball of vega-datasets 3.2.1
(the folder holding data/), AIRPORTSDATA_DIR the unpacked airportsdata wheel
(the folder holding airportsdata/airports.csv), ISO_3166_JSON Debian's
iso-codes file /usr/share/iso-codes/json/iso_3166-1.json (country names).
"""

import csv
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, header, rows):
    path = os.path.join(HERE, name)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    print(f"{name}: {len(rows)} rows")


def airports(airportsdata_dir, iso_json):
    names = {}
    with open(iso_json, encoding="utf-8") as f:
        for c in json.load(f)["3166-1"]:
            names[c["alpha_2"]] = c.get("common_name") or c["name"]
    # Shorter everyday names where ISO has only the formal one.
    names.update({
        "XK": "Kosovo",  # user-assigned code, not in ISO 3166-1
        "RU": "Russia",
        "CD": "DR Congo",
        "VG": "British Virgin Islands",
        "VI": "US Virgin Islands",
        "FM": "Micronesia",
        "FK": "Falkland Islands",
        "MF": "Saint Martin",
        "SX": "Sint Maarten",
        "PS": "Palestine",
        "CC": "Cocos Islands",
    })
    rows = []
    with open(os.path.join(airportsdata_dir, "airportsdata", "airports.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if not r["iata"]:
                continue  # keep the airports that have an IATA code
            rows.append([
                r["iata"], r["icao"], r["name"], r["city"], r["subd"], r["country"],
                names.get(r["country"], ""), r["elevation"], r["lat"], r["lon"], r["tz"],
            ])
    rows.sort(key=lambda r: r[0])
    write("airports.csv",
          ["iata", "icao", "name", "city", "region", "country_code", "country",
           "elevation_ft", "latitude", "longitude", "timezone"], rows)


def birdstrikes(vega_dir):
    header = ["airport", "aircraft_model", "damage", "flight_date", "operator", "state",
              "phase_of_flight", "wildlife_size", "wildlife_species", "time_of_day",
              "cost_other", "cost_repair", "cost_total", "speed_knots"]
    with open(os.path.join(vega_dir, "data", "birdstrikes.csv"), encoding="utf-8") as f:
        r = csv.reader(f)
        next(r)
        rows = [row for row in r]
    assert all(len(row) == len(header) for row in rows)
    write("birdstrikes.csv", header, rows)


def flights(vega_dir):
    places = {}
    with open(os.path.join(vega_dir, "data", "airports.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            places[r["iata"]] = (r["city"], r["state"])
    with open(os.path.join(vega_dir, "data", "flights-10k.json"), encoding="utf-8") as f:
        data = json.load(f)
    rows = []
    for r in data:
        day, time = r["date"].split(" ")
        oc, os_ = places.get(r["origin"], ("", ""))
        dc, ds = places.get(r["destination"], ("", ""))
        rows.append([
            day.replace("/", "-") + "T" + time + ":00", r["origin"], oc, os_,
            r["destination"], dc, ds, r["distance"], r["delay"],
        ])
    write("flights.csv",
          ["departure", "origin", "origin_city", "origin_state", "destination",
           "destination_city", "destination_state", "distance_miles", "delay_minutes"], rows)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    vega_dir, airportsdata_dir = sys.argv[1], sys.argv[2]
    iso_json = sys.argv[3] if len(sys.argv) > 3 else "/usr/share/iso-codes/json/iso_3166-1.json"
    airports(airportsdata_dir, iso_json)
    birdstrikes(vega_dir)
    flights(vega_dir)


if __name__ == "__main__":
    main()
