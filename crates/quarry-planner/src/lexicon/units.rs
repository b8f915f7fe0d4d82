//! Units of measure: the dimensions a number can carry ([`Dimension`]), the
//! units of each with their conversion to the dimension's base unit
//! ([`Unit`]), the words a phrase writes a unit with after a number
//! ([`phrase_unit`]), the parts of a column name that give its unit
//! ([`name_unit`]) or only its dimension ([`dimension_word`]), and the
//! scale words of a name (`_bn`, `_k`).
//!
//! Base units: metre, gram, second, degree Celsius, metre per second,
//! square metre; money, percent and counts are their own base (currencies
//! are not exchanged: a euro amount is compared as it is with a dollar
//! field).

/// What a quantity measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dimension {
    Length,
    Mass,
    Duration,
    Temperature,
    Speed,
    Area,
    Money,
    Percent,
    Count,
    /// Bytes: memory, disks, files.
    DataSize,
    /// Hertz: clock speeds.
    Frequency,
    /// Litres: engine displacement, tanks.
    Volume,
    /// Watts: plants' capacity, engines' and panels' output.
    Power,
}

impl Dimension {
    /// The dimension as the notes name it ("a mass").
    pub fn noun(self) -> &'static str {
        match self {
            Dimension::Length => "a length",
            Dimension::Mass => "a mass",
            Dimension::Duration => "a duration",
            Dimension::Temperature => "a temperature",
            Dimension::Speed => "a speed",
            Dimension::Area => "an area",
            Dimension::Money => "an amount of money",
            Dimension::Percent => "a percentage",
            Dimension::Count => "a count",
            Dimension::DataSize => "an amount of data",
            Dimension::Frequency => "a frequency",
            Dimension::Volume => "a volume",
            Dimension::Power => "a power",
        }
    }
}

/// A unit: `base = value × factor + offset` in its dimension's base unit.
/// A generic unit ("degrees", a money field without a currency) has no
/// conversion: its number is taken in whatever unit the other side uses.
#[derive(Debug, PartialEq)]
pub struct Unit {
    /// How the notes write it.
    pub symbol: &'static str,
    pub dim: Dimension,
    pub factor: f64,
    pub offset: f64,
    pub generic: bool,
}

impl Unit {
    pub fn to_base(&self, v: f64) -> f64 {
        v * self.factor + self.offset
    }

    pub fn of_base(&self, b: f64) -> f64 {
        (b - self.offset) / self.factor
    }
}

macro_rules! unit {
    ($name:ident, $sym:expr, $dim:ident, $factor:expr) => {
        pub static $name: Unit = Unit {
            symbol: $sym,
            dim: Dimension::$dim,
            factor: $factor,
            offset: 0.0,
            generic: false,
        };
    };
}

macro_rules! generic {
    ($name:ident, $sym:expr, $dim:ident) => {
        pub static $name: Unit = Unit {
            symbol: $sym,
            dim: Dimension::$dim,
            factor: 1.0,
            offset: 0.0,
            generic: true,
        };
    };
}

const INCH_M: f64 = 0.0254;
const FOOT_M: f64 = 0.3048;
const MILE_M: f64 = 1609.344;
const POUND_G: f64 = 453.592_37;
const DAY_S: f64 = 86_400.0;
const YEAR_S: f64 = 365.25 * DAY_S;

unit!(MICROMETRE, "µm", Length, 1e-6);
unit!(MILLIMETRE, "mm", Length, 0.001);
unit!(CENTIMETRE, "cm", Length, 0.01);
unit!(METRE, "m", Length, 1.0);
unit!(KILOMETRE, "km", Length, 1000.0);
unit!(INCH, "in", Length, INCH_M);
unit!(FOOT, "ft", Length, FOOT_M);
unit!(YARD, "yd", Length, 3.0 * FOOT_M);
unit!(MILE, "mi", Length, MILE_M);
unit!(MILLIGRAM, "mg", Mass, 0.001);
unit!(GRAM, "g", Mass, 1.0);
unit!(KILOGRAM, "kg", Mass, 1000.0);
unit!(TONNE, "t", Mass, 1e6);
unit!(POUND, "lb", Mass, POUND_G);
unit!(OUNCE, "oz", Mass, POUND_G / 16.0);
unit!(STONE, "st", Mass, 14.0 * POUND_G);
unit!(MILLISECOND, "ms", Duration, 0.001);
unit!(SECOND, "s", Duration, 1.0);
unit!(MINUTE, "min", Duration, 60.0);
unit!(HOUR, "h", Duration, 3600.0);
unit!(DAY, "days", Duration, DAY_S);
unit!(WEEK, "weeks", Duration, 7.0 * DAY_S);
unit!(MONTH, "months", Duration, YEAR_S / 12.0);
unit!(YEAR, "years", Duration, YEAR_S);
pub static CELSIUS: Unit = Unit {
    symbol: "°C",
    dim: Dimension::Temperature,
    factor: 1.0,
    offset: 0.0,
    generic: false,
};
pub static FAHRENHEIT: Unit = Unit {
    symbol: "°F",
    dim: Dimension::Temperature,
    factor: 5.0 / 9.0,
    offset: -160.0 / 9.0,
    generic: false,
};
pub static KELVIN: Unit = Unit {
    symbol: "K",
    dim: Dimension::Temperature,
    factor: 1.0,
    offset: -273.15,
    generic: false,
};
generic!(DEGREE, "degrees", Temperature);
unit!(KM_PER_HOUR, "km/h", Speed, 1000.0 / 3600.0);
unit!(MILE_PER_HOUR, "mph", Speed, MILE_M / 3600.0);
unit!(METRE_PER_SECOND, "m/s", Speed, 1.0);
unit!(KNOT, "kn", Speed, 1852.0 / 3600.0);
unit!(SQUARE_METRE, "m²", Area, 1.0);
unit!(SQUARE_KILOMETRE, "km²", Area, 1e6);
unit!(SQUARE_FOOT, "sq ft", Area, FOOT_M * FOOT_M);
unit!(SQUARE_MILE, "sq mi", Area, MILE_M * MILE_M);
unit!(ACRE, "acres", Area, 4046.8564224);
unit!(HECTARE, "ha", Area, 10_000.0);
unit!(DOLLAR, "USD", Money, 1.0);
unit!(CENT, "cents", Money, 0.01);
unit!(EURO, "EUR", Money, 1.0);
unit!(POUND_STERLING, "GBP", Money, 1.0);
generic!(MONEY, "money", Money);
// Only for notes: a money or count field found to store thousands or
// millions from its range ("$20k" on prices of 7.4 to 61.9).
generic!(THOUSANDS, "thousand", Money);
generic!(MILLIONS, "million", Money);
generic!(BILLIONS, "billion", Money);
generic!(TEN_THOUSANDS, "(tens of thousands)", Money);
unit!(PERCENT, "%", Percent, 1.0);
generic!(COUNT, "", Count);
unit!(KILOBYTE, "KB", DataSize, 1e3);
unit!(MEGABYTE, "MB", DataSize, 1e6);
unit!(GIGABYTE, "GB", DataSize, 1e9);
unit!(TERABYTE, "TB", DataSize, 1e12);
unit!(KILOHERTZ, "kHz", Frequency, 1e3);
unit!(MEGAHERTZ, "MHz", Frequency, 1e6);
unit!(GIGAHERTZ, "GHz", Frequency, 1e9);
unit!(MILLILITRE, "ml", Volume, 0.001);
unit!(LITRE, "l", Volume, 1.0);
unit!(CUBIC_INCH, "cu in", Volume, 0.016_387_064);
unit!(GALLON, "gal", Volume, 3.785_411_784);
unit!(WATT, "W", Power, 1.0);
unit!(KILOWATT, "kW", Power, 1e3);
unit!(MEGAWATT, "MW", Power, 1e6);
unit!(GIGAWATT, "GW", Power, 1e9);

/// Whether a length or a mass unit is metric: one who says "1 km" of a
/// field of unknown unit thinks it in metres, not feet.
pub fn is_metric(u: &Unit) -> bool {
    [
        &MICROMETRE,
        &MILLIMETRE,
        &CENTIMETRE,
        &METRE,
        &KILOMETRE,
        &MILLIGRAM,
        &GRAM,
        &KILOGRAM,
        &TONNE,
    ]
    .into_iter()
    .any(|m| std::ptr::eq(m, u))
}

/// The units of a dimension a field of unknown unit may be in, tried
/// against its values' range (the common ones only).
pub fn candidate_units(dim: Dimension) -> &'static [&'static Unit] {
    // (Micrometres: a thickness, `cornea_thickness` of 400 to 700.)
    static LENGTHS: [&Unit; 8] = [
        &MICROMETRE,
        &MILLIMETRE,
        &CENTIMETRE,
        &METRE,
        &KILOMETRE,
        &INCH,
        &FOOT,
        &MILE,
    ];
    static MASSES: [&Unit; 4] = [&GRAM, &KILOGRAM, &POUND, &OUNCE];
    static DURATIONS: [&Unit; 7] = [&SECOND, &MINUTE, &HOUR, &DAY, &WEEK, &MONTH, &YEAR];
    static TEMPERATURES: [&Unit; 3] = [&CELSIUS, &FAHRENHEIT, &KELVIN];
    static SPEEDS: [&Unit; 4] = [&KM_PER_HOUR, &MILE_PER_HOUR, &METRE_PER_SECOND, &KNOT];
    static AREAS: [&Unit; 4] = [&SQUARE_METRE, &SQUARE_KILOMETRE, &SQUARE_FOOT, &ACRE];
    static DATA_SIZES: [&Unit; 4] = [&KILOBYTE, &MEGABYTE, &GIGABYTE, &TERABYTE];
    static FREQUENCIES: [&Unit; 3] = [&KILOHERTZ, &MEGAHERTZ, &GIGAHERTZ];
    static VOLUMES: [&Unit; 4] = [&MILLILITRE, &LITRE, &CUBIC_INCH, &GALLON];
    static POWERS: [&Unit; 4] = [&WATT, &KILOWATT, &MEGAWATT, &GIGAWATT];
    match dim {
        Dimension::Length => &LENGTHS,
        Dimension::Mass => &MASSES,
        Dimension::Duration => &DURATIONS,
        Dimension::Temperature => &TEMPERATURES,
        Dimension::Speed => &SPEEDS,
        Dimension::Area => &AREAS,
        Dimension::DataSize => &DATA_SIZES,
        Dimension::Frequency => &FREQUENCIES,
        Dimension::Volume => &VOLUMES,
        Dimension::Power => &POWERS,
        Dimension::Money | Dimension::Percent | Dimension::Count => &[],
    }
}

/// `v` in unit `from` expressed in unit `to` (same dimension). A generic
/// unit on either side leaves the number as it is.
pub fn convert(v: f64, from: &Unit, to: &Unit) -> f64 {
    // "40 cents" on an amount of money in no named currency: 0.40 of it
    // (every currency is its own base; a cent is a hundredth of one).
    if to.generic && !from.generic && from.dim == Dimension::Money {
        return from.to_base(v);
    }
    if from.generic || to.generic || std::ptr::eq(from, to) {
        return v;
    }
    to.of_base(from.to_base(v))
}

/// When a unit word after a number is a unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum UnitUse {
    /// Always, right after a number ("kg", "miles").
    Always,
    /// Only after another amount of the same dimension ("5 ft 8 in"): the
    /// word is common English on its own ("in").
    InCompound,
    /// A unit or a magnitude ("5m": metres or million; "3t": tonnes or
    /// trillion): the dataset's fields decide.
    OrMagnitude(f64),
    /// A magnitude, unless only the unit's reading fits the dataset's
    /// values ("10k": ten thousand, or a 10 km race).
    MagnitudeOr(f64),
    /// "pounds": a mass, or money when the dataset's fields say so.
    OrSterling,
    /// "c", "f": a temperature only when the dataset has one, or written
    /// with a degree sign.
    Letter,
    /// "years old": a duration that is an age.
    Age,
}

/// Words after a number that write a unit: the words (normalised tokens),
/// the unit, and when they are one. The longest match wins ("km h" over
/// "km"). "′" and "″" are the tokeniser's feet and inches marks (5'8").
pub static PHRASE_UNITS: &[(&[&str], &Unit, UnitUse)] = &[
    (&["watt"], &WATT, UnitUse::Always),
    (&["watts"], &WATT, UnitUse::Always),
    (&["kw"], &KILOWATT, UnitUse::Always),
    (&["kilowatt"], &KILOWATT, UnitUse::Always),
    (&["kilowatts"], &KILOWATT, UnitUse::Always),
    (&["mw"], &MEGAWATT, UnitUse::Always),
    (&["mwe"], &MEGAWATT, UnitUse::Always),
    (&["megawatt"], &MEGAWATT, UnitUse::Always),
    (&["megawatts"], &MEGAWATT, UnitUse::Always),
    (&["gw"], &GIGAWATT, UnitUse::Always),
    (&["gwe"], &GIGAWATT, UnitUse::Always),
    (&["gigawatt"], &GIGAWATT, UnitUse::Always),
    (&["gigawatts"], &GIGAWATT, UnitUse::Always),
    (&["um"], &MICROMETRE, UnitUse::Always),
    (&["micron"], &MICROMETRE, UnitUse::Always),
    (&["microns"], &MICROMETRE, UnitUse::Always),
    (&["micrometre"], &MICROMETRE, UnitUse::Always),
    (&["micrometres"], &MICROMETRE, UnitUse::Always),
    (&["micrometer"], &MICROMETRE, UnitUse::Always),
    (&["micrometers"], &MICROMETRE, UnitUse::Always),
    (&["mm"], &MILLIMETRE, UnitUse::Always),
    (&["millimetre"], &MILLIMETRE, UnitUse::Always),
    (&["millimetres"], &MILLIMETRE, UnitUse::Always),
    (&["millimeter"], &MILLIMETRE, UnitUse::Always),
    (&["millimeters"], &MILLIMETRE, UnitUse::Always),
    (&["cm"], &CENTIMETRE, UnitUse::Always),
    (&["cms"], &CENTIMETRE, UnitUse::Always),
    (&["centimetre"], &CENTIMETRE, UnitUse::Always),
    (&["centimetres"], &CENTIMETRE, UnitUse::Always),
    (&["centimeter"], &CENTIMETRE, UnitUse::Always),
    (&["centimeters"], &CENTIMETRE, UnitUse::Always),
    (&["m"], &METRE, UnitUse::OrMagnitude(1e6)),
    (&["metre"], &METRE, UnitUse::Always),
    (&["metres"], &METRE, UnitUse::Always),
    (&["meter"], &METRE, UnitUse::Always),
    (&["meters"], &METRE, UnitUse::Always),
    (&["km"], &KILOMETRE, UnitUse::Always),
    (&["k"], &KILOMETRE, UnitUse::MagnitudeOr(1e3)),
    (&["kms"], &KILOMETRE, UnitUse::Always),
    (&["kilometre"], &KILOMETRE, UnitUse::Always),
    (&["kilometres"], &KILOMETRE, UnitUse::Always),
    (&["kilometer"], &KILOMETRE, UnitUse::Always),
    (&["kilometers"], &KILOMETRE, UnitUse::Always),
    (&["in"], &INCH, UnitUse::InCompound),
    (&["″"], &INCH, UnitUse::InCompound),
    (&["inch"], &INCH, UnitUse::Always),
    (&["inches"], &INCH, UnitUse::Always),
    (&["ft"], &FOOT, UnitUse::Always),
    (&["foot"], &FOOT, UnitUse::Always),
    (&["feet"], &FOOT, UnitUse::Always),
    (&["′"], &FOOT, UnitUse::Always),
    (&["yd"], &YARD, UnitUse::Always),
    (&["yds"], &YARD, UnitUse::Always),
    (&["yard"], &YARD, UnitUse::Always),
    (&["yards"], &YARD, UnitUse::Always),
    (&["mi"], &MILE, UnitUse::Always),
    (&["mile"], &MILE, UnitUse::Always),
    (&["miles"], &MILE, UnitUse::Always),
    (&["mg"], &MILLIGRAM, UnitUse::Always),
    (&["milligram"], &MILLIGRAM, UnitUse::Always),
    (&["milligrams"], &MILLIGRAM, UnitUse::Always),
    (&["g"], &GRAM, UnitUse::Always),
    (&["gram"], &GRAM, UnitUse::Always),
    (&["grams"], &GRAM, UnitUse::Always),
    (&["gramme"], &GRAM, UnitUse::Always),
    (&["grammes"], &GRAM, UnitUse::Always),
    (&["kg"], &KILOGRAM, UnitUse::Always),
    (&["kgs"], &KILOGRAM, UnitUse::Always),
    (&["kilo"], &KILOGRAM, UnitUse::Always),
    (&["kilos"], &KILOGRAM, UnitUse::Always),
    (&["kilogram"], &KILOGRAM, UnitUse::Always),
    (&["kilograms"], &KILOGRAM, UnitUse::Always),
    (&["t"], &TONNE, UnitUse::OrMagnitude(1e12)),
    (&["tonne"], &TONNE, UnitUse::Always),
    (&["tonnes"], &TONNE, UnitUse::Always),
    (&["ton"], &TONNE, UnitUse::Always),
    (&["tons"], &TONNE, UnitUse::Always),
    (&["lb"], &POUND, UnitUse::Always),
    (&["lbs"], &POUND, UnitUse::Always),
    (&["pound"], &POUND, UnitUse::OrSterling),
    (&["pounds"], &POUND, UnitUse::OrSterling),
    (&["oz"], &OUNCE, UnitUse::Always),
    (&["stone"], &STONE, UnitUse::Always),
    (&["stones"], &STONE, UnitUse::Always),
    (&["ounce"], &OUNCE, UnitUse::Always),
    (&["ounces"], &OUNCE, UnitUse::Always),
    (&["ms"], &MILLISECOND, UnitUse::Always),
    (&["millisecond"], &MILLISECOND, UnitUse::Always),
    (&["milliseconds"], &MILLISECOND, UnitUse::Always),
    (&["s"], &SECOND, UnitUse::InCompound),
    (&["sec"], &SECOND, UnitUse::Always),
    (&["secs"], &SECOND, UnitUse::Always),
    (&["second"], &SECOND, UnitUse::Always),
    (&["seconds"], &SECOND, UnitUse::Always),
    (&["min"], &MINUTE, UnitUse::Always),
    (&["mins"], &MINUTE, UnitUse::Always),
    (&["minute"], &MINUTE, UnitUse::Always),
    (&["minutes"], &MINUTE, UnitUse::Always),
    (&["h"], &HOUR, UnitUse::Always),
    (&["hr"], &HOUR, UnitUse::Always),
    (&["hrs"], &HOUR, UnitUse::Always),
    (&["hour"], &HOUR, UnitUse::Always),
    (&["hours"], &HOUR, UnitUse::Always),
    (&["day"], &DAY, UnitUse::Always),
    (&["days"], &DAY, UnitUse::Always),
    (&["week"], &WEEK, UnitUse::Always),
    (&["weeks"], &WEEK, UnitUse::Always),
    (&["wk"], &WEEK, UnitUse::Always),
    (&["wks"], &WEEK, UnitUse::Always),
    (&["month"], &MONTH, UnitUse::Always),
    (&["months"], &MONTH, UnitUse::Always),
    (&["year"], &YEAR, UnitUse::Always),
    (&["years"], &YEAR, UnitUse::Always),
    (&["yr"], &YEAR, UnitUse::Always),
    (&["yrs"], &YEAR, UnitUse::Always),
    (&["years", "old"], &YEAR, UnitUse::Age),
    (&["year", "old"], &YEAR, UnitUse::Age),
    (&["yrs", "old"], &YEAR, UnitUse::Age),
    (&["years", "of", "age"], &YEAR, UnitUse::Age),
    (&["months", "old"], &MONTH, UnitUse::Age),
    (&["°c"], &CELSIUS, UnitUse::Always),
    (&["°", "c"], &CELSIUS, UnitUse::Always),
    (&["c"], &CELSIUS, UnitUse::Letter),
    (&["celsius"], &CELSIUS, UnitUse::Always),
    (&["centigrade"], &CELSIUS, UnitUse::Always),
    (&["degrees", "c"], &CELSIUS, UnitUse::Always),
    (&["degrees", "celsius"], &CELSIUS, UnitUse::Always),
    (&["°f"], &FAHRENHEIT, UnitUse::Always),
    (&["°", "f"], &FAHRENHEIT, UnitUse::Always),
    (&["f"], &FAHRENHEIT, UnitUse::Letter),
    (&["fahrenheit"], &FAHRENHEIT, UnitUse::Always),
    (&["degrees", "f"], &FAHRENHEIT, UnitUse::Always),
    (&["degrees", "fahrenheit"], &FAHRENHEIT, UnitUse::Always),
    (&["kelvin"], &KELVIN, UnitUse::Always),
    (&["kelvins"], &KELVIN, UnitUse::Always),
    (&["degrees", "kelvin"], &KELVIN, UnitUse::Always),
    (&["°"], &DEGREE, UnitUse::Always),
    (&["degree"], &DEGREE, UnitUse::Always),
    (&["degrees"], &DEGREE, UnitUse::Always),
    (&["km", "h"], &KM_PER_HOUR, UnitUse::Always),
    (&["kmh"], &KM_PER_HOUR, UnitUse::Always),
    (&["kph"], &KM_PER_HOUR, UnitUse::Always),
    (&["km", "per", "hour"], &KM_PER_HOUR, UnitUse::Always),
    (&["km", "an", "hour"], &KM_PER_HOUR, UnitUse::Always),
    (
        &["kilometres", "per", "hour"],
        &KM_PER_HOUR,
        UnitUse::Always,
    ),
    (
        &["kilometers", "per", "hour"],
        &KM_PER_HOUR,
        UnitUse::Always,
    ),
    (&["kilometres", "an", "hour"], &KM_PER_HOUR, UnitUse::Always),
    (&["kilometers", "an", "hour"], &KM_PER_HOUR, UnitUse::Always),
    (&["mph"], &MILE_PER_HOUR, UnitUse::Always),
    (&["miles", "per", "hour"], &MILE_PER_HOUR, UnitUse::Always),
    (&["miles", "an", "hour"], &MILE_PER_HOUR, UnitUse::Always),
    (&["m", "s"], &METRE_PER_SECOND, UnitUse::Always),
    (
        &["metres", "per", "second"],
        &METRE_PER_SECOND,
        UnitUse::Always,
    ),
    (
        &["meters", "per", "second"],
        &METRE_PER_SECOND,
        UnitUse::Always,
    ),
    (&["knot"], &KNOT, UnitUse::Always),
    (&["knots"], &KNOT, UnitUse::Always),
    (&["kn"], &KNOT, UnitUse::Always),
    (&["kt"], &KNOT, UnitUse::Always),
    (&["kts"], &KNOT, UnitUse::Always),
    (&["m2"], &SQUARE_METRE, UnitUse::Always),
    (&["m²"], &SQUARE_METRE, UnitUse::Always),
    (&["sqm"], &SQUARE_METRE, UnitUse::Always),
    (&["sq", "m"], &SQUARE_METRE, UnitUse::Always),
    (&["square", "metre"], &SQUARE_METRE, UnitUse::Always),
    (&["square", "metres"], &SQUARE_METRE, UnitUse::Always),
    (&["square", "meter"], &SQUARE_METRE, UnitUse::Always),
    (&["square", "meters"], &SQUARE_METRE, UnitUse::Always),
    (&["km2"], &SQUARE_KILOMETRE, UnitUse::Always),
    (&["km²"], &SQUARE_KILOMETRE, UnitUse::Always),
    (&["sq", "km"], &SQUARE_KILOMETRE, UnitUse::Always),
    (&["square", "kilometre"], &SQUARE_KILOMETRE, UnitUse::Always),
    (
        &["square", "kilometres"],
        &SQUARE_KILOMETRE,
        UnitUse::Always,
    ),
    (&["square", "kilometer"], &SQUARE_KILOMETRE, UnitUse::Always),
    (
        &["square", "kilometers"],
        &SQUARE_KILOMETRE,
        UnitUse::Always,
    ),
    (&["sqft"], &SQUARE_FOOT, UnitUse::Always),
    (&["ft2"], &SQUARE_FOOT, UnitUse::Always),
    (&["ft²"], &SQUARE_FOOT, UnitUse::Always),
    (&["sq", "ft"], &SQUARE_FOOT, UnitUse::Always),
    (&["square", "feet"], &SQUARE_FOOT, UnitUse::Always),
    (&["square", "foot"], &SQUARE_FOOT, UnitUse::Always),
    (&["sq", "mi"], &SQUARE_MILE, UnitUse::Always),
    (&["square", "mile"], &SQUARE_MILE, UnitUse::Always),
    (&["square", "miles"], &SQUARE_MILE, UnitUse::Always),
    (&["acre"], &ACRE, UnitUse::Always),
    (&["acres"], &ACRE, UnitUse::Always),
    (&["ha"], &HECTARE, UnitUse::Always),
    (&["hectare"], &HECTARE, UnitUse::Always),
    (&["hectares"], &HECTARE, UnitUse::Always),
    (&["usd"], &DOLLAR, UnitUse::Always),
    (&["dollar"], &DOLLAR, UnitUse::Always),
    (&["dollars"], &DOLLAR, UnitUse::Always),
    (&["bucks"], &DOLLAR, UnitUse::Always),
    (&["cent"], &CENT, UnitUse::Always),
    (&["cents"], &CENT, UnitUse::Always),
    (&["eur"], &EURO, UnitUse::Always),
    (&["euro"], &EURO, UnitUse::Always),
    (&["euros"], &EURO, UnitUse::Always),
    (&["gbp"], &POUND_STERLING, UnitUse::Always),
    // Other currencies, in the currency the column holds: no exchange.
    (&["guilders"], &MONEY, UnitUse::Always),
    (&["guilder"], &MONEY, UnitUse::Always),
    (&["francs"], &MONEY, UnitUse::Always),
    (&["pesos"], &MONEY, UnitUse::Always),
    (&["rupees"], &MONEY, UnitUse::Always),
    (&["yen"], &MONEY, UnitUse::Always),
    (&["yuan"], &MONEY, UnitUse::Always),
    (&["kroner"], &MONEY, UnitUse::Always),
    (&["kronor"], &MONEY, UnitUse::Always),
    (&["rubles"], &MONEY, UnitUse::Always),
    (&["roubles"], &MONEY, UnitUse::Always),
    (&["quid"], &POUND_STERLING, UnitUse::Always),
    (&["l"], &LITRE, UnitUse::Letter),
    (&["litre"], &LITRE, UnitUse::Always),
    (&["litres"], &LITRE, UnitUse::Always),
    (&["liter"], &LITRE, UnitUse::Always),
    (&["liters"], &LITRE, UnitUse::Always),
    (&["ml"], &MILLILITRE, UnitUse::Always),
    (&["cc"], &MILLILITRE, UnitUse::Always),
    (&["cubic", "inches"], &CUBIC_INCH, UnitUse::Always),
    (&["cubic", "inch"], &CUBIC_INCH, UnitUse::Always),
    (&["ci"], &CUBIC_INCH, UnitUse::Always),
    (&["gallons"], &GALLON, UnitUse::Always),
    (&["gallon"], &GALLON, UnitUse::Always),
    (&["kb"], &KILOBYTE, UnitUse::Always),
    (&["kilobytes"], &KILOBYTE, UnitUse::Always),
    (&["mb"], &MEGABYTE, UnitUse::Always),
    (&["megabytes"], &MEGABYTE, UnitUse::Always),
    (&["gb"], &GIGABYTE, UnitUse::Always),
    (&["gigs"], &GIGABYTE, UnitUse::Always),
    (&["gigabytes"], &GIGABYTE, UnitUse::Always),
    (&["tb"], &TERABYTE, UnitUse::Always),
    (&["terabytes"], &TERABYTE, UnitUse::Always),
    (&["khz"], &KILOHERTZ, UnitUse::Always),
    (&["mhz"], &MEGAHERTZ, UnitUse::Always),
    (&["megahertz"], &MEGAHERTZ, UnitUse::Always),
    (&["ghz"], &GIGAHERTZ, UnitUse::Always),
    (&["gigahertz"], &GIGAHERTZ, UnitUse::Always),
    (&["percent"], &PERCENT, UnitUse::Always),
    (&["per", "cent"], &PERCENT, UnitUse::Always),
    (&["pct"], &PERCENT, UnitUse::Always),
];

/// The longest unit written at the start of `words`: (its length, the
/// unit, when it is one).
pub fn phrase_unit<'w>(
    mut words: impl FnMut(usize) -> Option<&'w str>,
) -> Option<(usize, &'static Unit, UnitUse)> {
    let mut best: Option<(usize, &'static Unit, UnitUse)> = None;
    for (ws, unit, use_) in PHRASE_UNITS {
        let len = ws.len();
        if best.is_some_and(|b| b.0 >= len) {
            continue;
        }
        if ws.iter().enumerate().all(|(k, w)| words(k) == Some(*w)) {
            best = Some((len, unit, *use_));
        }
    }
    best
}

/// Suffixes glued to digits that the tokeniser splits off as a unit word
/// ("2.5kg", "86F", "10m2"); "m" and "t" too, which the units pass reads
/// as a unit or a magnitude.
pub fn is_glued_unit(suffix: &str) -> bool {
    !matches!(suffix, "s" | "in" | "t")
        && PHRASE_UNITS
            .iter()
            .any(|(ws, _, _)| ws.len() == 1 && ws[0] == suffix)
}

/// The currency a sign before a number writes.
pub fn currency_sign(c: char) -> Option<&'static Unit> {
    match c {
        '$' => Some(&DOLLAR),
        '€' => Some(&EURO),
        '£' => Some(&POUND_STERLING),
        _ => None,
    }
}

/// Words after an amount of money that make it a rate and say nothing
/// more ("$10 an hour", "per year"): their length.
pub fn money_rate_words(words: &[&str]) -> usize {
    match words {
        ["an" | "a" | "per", w, ..] if is_rate_period(w) => 2,
        ["hourly" | "annually" | "yearly" | "monthly" | "weekly" | "daily", ..] => 1,
        _ => 0,
    }
}

fn is_rate_period(w: &str) -> bool {
    matches!(
        w,
        "hour" | "hr" | "year" | "month" | "week" | "day" | "annum"
    )
}

/// How a part of a column name gives its unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NamePart {
    /// A unit word wherever it is (`dist_miles`, `price_usd`).
    Unit(&'static Unit),
    /// An abbreviation that is a unit only after another word of the name,
    /// and only if the name's dimension words (if any) agree (`time_s`,
    /// `temp_c`, `time_min`; not `temp_min`).
    Abbreviation(&'static Unit),
    /// "m": metres, or (in a name about money or counts) millions.
    MetreOrMillion,
}

/// A word of a column name that writes a unit.
pub fn name_unit(w: &str) -> Option<NamePart> {
    use NamePart::{Abbreviation as A, Unit as U};
    Some(match w {
        "um" | "microns" | "micrometres" | "micrometers" => U(&MICROMETRE),
        "mm" | "millimetres" | "millimeters" => U(&MILLIMETRE),
        "cm" | "centimetres" | "centimeters" => U(&CENTIMETRE),
        "m" => NamePart::MetreOrMillion,
        "metres" | "meters" => U(&METRE),
        "km" | "kilometres" | "kilometers" => U(&KILOMETRE),
        "in" => A(&INCH),
        "inch" | "inches" => U(&INCH),
        "ft" | "feet" => U(&FOOT),
        "yd" | "yds" | "yards" => U(&YARD),
        "mi" | "mile" | "miles" => U(&MILE),
        // An odometer reading (`mileage` of used cars) is in miles.
        "mileage" | "odometer" => U(&MILE),
        "mg" => U(&MILLIGRAM),
        "g" => A(&GRAM),
        "grams" | "gr" => U(&GRAM),
        "kg" | "kgs" | "kilos" | "kilograms" => U(&KILOGRAM),
        "tonnes" | "tons" => U(&TONNE),
        "lb" | "lbs" | "pounds" => U(&POUND),
        "oz" | "ounces" => U(&OUNCE),
        "ms" => U(&MILLISECOND),
        "s" => A(&SECOND),
        "sec" | "secs" | "seconds" => U(&SECOND),
        "min" => A(&MINUTE),
        "mins" | "minutes" => U(&MINUTE),
        "h" => A(&HOUR),
        "hr" | "hrs" | "hours" => U(&HOUR),
        "days" => U(&DAY),
        "weeks" | "wks" => U(&WEEK),
        "months" => U(&MONTH),
        "years" | "yrs" => U(&YEAR),
        "c" => A(&CELSIUS),
        "celsius" | "degc" => U(&CELSIUS),
        "f" => A(&FAHRENHEIT),
        "fahrenheit" | "degf" => U(&FAHRENHEIT),
        "kelvin" => U(&KELVIN),
        "kmh" | "kph" => U(&KM_PER_HOUR),
        "mph" => U(&MILE_PER_HOUR),
        "mps" => U(&METRE_PER_SECOND),
        "knots" | "kn" | "kts" => U(&KNOT),
        "m2" | "sqm" => U(&SQUARE_METRE),
        "km2" | "sqkm" => U(&SQUARE_KILOMETRE),
        "sqft" | "ft2" | "sqrft" | "sqfeet" | "sqfoot" | "squarefeet" => U(&SQUARE_FOOT),
        "sqmi" | "mi2" => U(&SQUARE_MILE),
        "acre" | "acres" => U(&ACRE),
        "ha" | "hectares" => U(&HECTARE),
        "usd" | "dollars" => U(&DOLLAR),
        "eur" | "euros" => U(&EURO),
        "gbp" => U(&POUND_STERLING),
        "pct" | "percent" | "percentage" | "perc" => U(&PERCENT),
        "litres" | "liters" | "litre" | "liter" => U(&LITRE),
        "l" => A(&LITRE),
        "cc" | "ml" => U(&MILLILITRE),
        "ci" => A(&CUBIC_INCH),
        "gallons" | "gal" => U(&GALLON),
        "kb" => U(&KILOBYTE),
        "mb" => U(&MEGABYTE),
        "gb" => U(&GIGABYTE),
        "tb" => U(&TERABYTE),
        "mhz" => U(&MEGAHERTZ),
        "ghz" => U(&GIGAHERTZ),
        _ => return None,
    })
}

/// Two words of a column name that write one unit (`area_sq_ft`,
/// `speed_km_h`).
pub fn name_unit_pair(a: &str, b: &str) -> Option<&'static Unit> {
    Some(match (a, b) {
        ("sq", "ft") | ("square", "feet") => &SQUARE_FOOT,
        ("sq", "m") | ("square", "metres") | ("square", "meters") => &SQUARE_METRE,
        ("sq", "km") => &SQUARE_KILOMETRE,
        ("sq", "mi") | ("square", "miles") => &SQUARE_MILE,
        ("km", "h") | ("km", "hr") => &KM_PER_HOUR,
        ("m", "s") => &METRE_PER_SECOND,
        _ => return None,
    })
}

/// A scale word of a column name: the stored number times it is the
/// amount (`sales_usd_bn`, `population_k`).
pub fn name_scale(w: &str) -> Option<f64> {
    match w {
        "bn" | "billion" | "billions" => Some(1e9),
        "mn" | "mil" | "mio" | "million" | "millions" => Some(1e6),
        "k" | "thousand" | "thousands" | "000s" => Some(1e3),
        _ => None,
    }
}

/// The dimension a word of a column name implies without a unit
/// (`price`, `height`, `temp`): a money field has no currency, the others
/// an unknown unit.
/// The dimension of a short name part that cuts a measure's word down and
/// is no word itself: "hgt" of height, "diam" of diameter, "wgt" of weight
/// (its first letter and then the word's consonants in order, or the start
/// of the word). `None` when it could cut words of two dimensions.
pub fn dimension_of_cut(part: &str) -> Option<Dimension> {
    word_of_cut(part).and_then(dimension_word)
}

/// The measure's word a short name part cuts down ("hgt" → height), when
/// it cuts exactly one (see [`dimension_of_cut`]).
pub fn word_of_cut(part: &str) -> Option<&'static str> {
    const WORDS: [&str; 14] = [
        "length",
        "height",
        "width",
        "depth",
        "distance",
        "elevation",
        "altitude",
        "diameter",
        "circumference",
        "weight",
        "duration",
        "temperature",
        "velocity",
        "displacement",
    ];
    if !(2..=5).contains(&part.len())
        || !part.chars().all(|c| c.is_ascii_lowercase())
        || dimension_word(part).is_some()
        || crate::lexicon::wordnet::knows(part)
    {
        return None;
    }
    let consonants = part.chars().skip(1).all(|c| !"aeiou".contains(c));
    let cuts = |w: &str| {
        if part.len() >= 3 && w.starts_with(part) {
            return true;
        }
        let mut rest = w.chars();
        consonants
            && part.len() >= 3
            && part.chars().next() == w.chars().next()
            && part.chars().all(|c| rest.by_ref().any(|l| l == c))
    };
    let mut found = WORDS.iter().filter(|w| cuts(w));
    let first = found.next()?;
    found.next().is_none().then_some(*first)
}

pub fn dimension_word(w: &str) -> Option<Dimension> {
    Some(match w {
        "length" | "height" | "width" | "breadth" | "depth" | "distance" | "dist" | "elevation"
        | "altitude" | "climb" | "thickness" | "diameter" | "radius" | "span" | "girth"
        | "circumference" | "wingspan" | "ht" | "rain" | "rainfall" | "precip"
        | "precipitation" | "prcp" | "snow" | "snowfall" | "visibility" | "hvis" => {
            Dimension::Length
        }
        "weight" | "wt" | "mass" => Dimension::Mass,
        "duration" | "runtime" | "time" | "delay" | "elapsed" | "tenure" | "lifespan"
        | "gestation" | "stay" | "los" | "experience" | "exper" => Dimension::Duration,
        // `dry_bulb_c`: the air's temperature, read off a dry bulb.
        "temp" | "temperature" | "tmax" | "tmin" | "tavg" | "bulb" => Dimension::Temperature,
        "speed" | "velocity" | "wind" | "gust" => Dimension::Speed,
        "area" | "acreage" | "lotsize" | "lotarea" | "floorarea" | "floorspace" => Dimension::Area,
        "ram" | "memory" | "hd" | "hdd" | "ssd" | "disk" | "storage" | "vram" | "cache" => {
            Dimension::DataSize
        }
        "clock" | "frequency" | "freq" => Dimension::Frequency,
        "watts" | "wattage" | "kw" | "mw" | "mwe" | "kilowatts" | "megawatts" | "power" => {
            Dimension::Power
        }
        "displ" | "displacement" | "engine" | "enginesize" | "volume" | "tank" => Dimension::Volume,
        "price" | "prices" | "cost" | "costs" | "salary" | "salaries" | "revenue" | "revenues"
        | "budget" | "income" | "gross" | "wage" | "wages" | "tuition" | "fee" | "fees"
        | "sales" | "profit" | "profits" | "earnings" | "pay" | "fare" | "rent" | "spend"
        | "spending" | "expend" | "expenditure" | "expenditures" | "gdp" | "value" | "worth"
        | "payroll" | "compensation" | "tax" | "taxes" | "debt" | "assets" | "funding"
        | "donation" | "donations" | "loan" | "premium" | "msrp" | "payment" | "payments"
        | "installment" | "instalment" | "bill" | "bills" | "tip" | "tips" | "gratuity"
        | "takings" | "turnover" | "spent" | "charge" | "charges" | "prize" | "prizes"
        | "winnings" | "bonus" | "bonuses" | "dividend" | "dividends" | "deposit" | "deposits"
        | "refund" | "refunds" | "totexp" | "expense" | "expenses" | "cash" | "savings"
        | "equity" | "liabilities" | "capital" | "ebitda" | "networth" | "funded" | "balance"
        | "principal" | "paid" | "owed" | "settlement" | "prem" | "bid" | "bids" => {
            Dimension::Money
        }
        "population" | "pop" | "employees" | "staff" | "votes" | "count" | "cnt" | "users"
        | "visitors" | "followers" | "likes" | "retweets" | "views" | "members" | "students"
        | "subscribers" | "downloads" | "passengers" | "enrollment" | "applications"
        | "viewers" | "arrivals" | "riders" | "attendance" => Dimension::Count,
        _ => return None,
    })
}

/// The word that names what a field of the dimension measures, when its
/// name only gives the unit: `net_s` is a "net time", `wr_hnd_cm` a
/// "wr hnd length".
pub fn dimension_noun(dim: Dimension) -> Option<&'static str> {
    match dim {
        Dimension::Length => Some("length"),
        Dimension::Mass => Some("weight"),
        Dimension::Duration => Some("time"),
        Dimension::Temperature => Some("temperature"),
        Dimension::Speed => Some("speed"),
        Dimension::Area => Some("area"),
        Dimension::DataSize => Some("size"),
        Dimension::Frequency => Some("frequency"),
        Dimension::Volume => Some("volume"),
        Dimension::Power => Some("power"),
        Dimension::Money | Dimension::Percent | Dimension::Count => None,
    }
}

/// A word of a column name for a part of the calendar (`day`, `month`):
/// a number that is no measure, whatever unit a phrase writes.
pub fn is_calendar_word(w: &str) -> bool {
    matches!(
        w,
        "day" | "month" | "year" | "week" | "weekday" | "quarter" | "hour" | "dow" | "yr"
    )
}

/// A word of a column name for an age: a duration in years, which a
/// duration in a phrase reaches only when the phrase names the age.
pub fn is_age_word(w: &str) -> bool {
    matches!(w, "age" | "aged")
}

/// A number rounded to `digits` significant digits.
pub fn round_significant(v: f64, digits: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let magnitude = v.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits - 1 - magnitude);
    let r = (v * scale).round() / scale;
    // Clean the binary noise of the division ("0.30000000000000004").
    format!("{r:.*}", (digits - 1 - magnitude).max(0) as usize)
        .parse()
        .unwrap_or(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    #[test]
    fn converts_within_each_dimension() {
        let cases: &[(f64, &Unit, &Unit, f64)] = &[
            (2.5, &KILOGRAM, &GRAM, 2500.0),
            (8.0, &POUND, &GRAM, 3628.73896),
            (0.1, &GRAM, &MILLIGRAM, 100.0),
            (16.0, &OUNCE, &POUND, 1.0),
            (1.0, &STONE, &POUND, 14.0),
            (1.0, &TONNE, &KILOGRAM, 1000.0),
            (15.0, &KILOMETRE, &MILE, 9.320_567_883_560_89),
            (1000.0, &METRE, &FOOT, 3280.839895013123),
            (68.0, &INCH, &CENTIMETRE, 172.72),
            (6.0, &FOOT, &CENTIMETRE, 182.88),
            (4.0, &CENTIMETRE, &MILLIMETRE, 40.0),
            (3.0, &YARD, &FOOT, 9.0),
            (0.5, &HOUR, &MINUTE, 30.0),
            (2.0, &DAY, &HOUR, 48.0),
            (6.0, &WEEK, &DAY, 42.0),
            (10.0, &YEAR, &DAY, 3652.5),
            (1.0, &YEAR, &MONTH, 12.0),
            (1500.0, &MILLISECOND, &SECOND, 1.5),
            (30.0, &CELSIUS, &FAHRENHEIT, 86.0),
            (212.0, &FAHRENHEIT, &CELSIUS, 100.0),
            (-40.0, &FAHRENHEIT, &CELSIUS, -40.0),
            (10_000.0, &CELSIUS, &KELVIN, 10_273.15),
            (20.0, &KM_PER_HOUR, &MILE_PER_HOUR, 12.427_423_844_746_679),
            (10.0, &METRE_PER_SECOND, &KM_PER_HOUR, 36.0),
            (1.0, &KNOT, &KM_PER_HOUR, 1.852),
            (10_000.0, &SQUARE_METRE, &ACRE, 2.471_053_814_671_653),
            (1.0, &HECTARE, &SQUARE_METRE, 10_000.0),
            (100.0, &SQUARE_METRE, &SQUARE_FOOT, 1076.391041670972),
            (500.0, &SQUARE_MILE, &SQUARE_KILOMETRE, 1294.994055168),
            (5.0, &EURO, &DOLLAR, 5.0),
        ];
        for &(v, from, to, want) in cases {
            let got = convert(v, from, to);
            assert!(
                close(got, want),
                "{v} {} → {}: {got}, want {want}",
                from.symbol,
                to.symbol
            );
            // And back.
            assert!(
                close(convert(got, to, from), v),
                "{} ← {}",
                from.symbol,
                to.symbol
            );
        }
    }

    #[test]
    fn generic_units_keep_the_number() {
        assert_eq!(convert(30.0, &DEGREE, &FAHRENHEIT), 30.0);
        assert_eq!(convert(100.0, &DOLLAR, &MONEY), 100.0);
    }

    #[test]
    fn phrase_units_prefer_the_longest() {
        let words = ["km", "h", "later"];
        let at = |k: usize| words.get(k).copied();
        let (len, unit, _) = phrase_unit(at).unwrap();
        assert_eq!((len, unit.symbol), (2, "km/h"));
        let words = ["square", "miles"];
        let (len, unit, _) = phrase_unit(|k| words.get(k).copied()).unwrap();
        assert_eq!((len, unit.symbol), (2, "sq mi"));
        let words = ["stars"];
        assert!(phrase_unit(|k| words.get(k).copied()).is_none());
        let words = ["mm"];
        let (_, unit, use_) = phrase_unit(|k| words.get(k).copied()).unwrap();
        assert_eq!((unit.symbol, use_), ("mm", UnitUse::Always));
    }

    #[test]
    fn every_phrase_unit_is_written_in_normalised_words() {
        for (ws, _, _) in PHRASE_UNITS {
            for w in *ws {
                assert_eq!(*w, crate::text::fold(w), "{w}");
                assert!(!w.contains(' '), "{w}");
            }
        }
    }

    #[test]
    fn rounds_to_significant_digits() {
        assert_eq!(round_significant(3628.73896, 6), 3628.74);
        assert_eq!(round_significant(100.000_000_000_01, 6), 100.0);
        assert_eq!(round_significant(9.320_567_88, 6), 9.32057);
        assert_eq!(round_significant(0.5, 6), 0.5);
        assert_eq!(round_significant(86.000_000_000_01, 6), 86.0);
        assert_eq!(round_significant(-17.777_777, 6), -17.7778);
    }
}
