//! Parquet, read one row group at a time in record batches. The columns keep
//! their Parquet types: integers, floats, booleans, dates and timestamps are
//! declared to the importer (unsigned 64-bit integers and decimals are
//! inferred from their exact text, since they may not fit an i64 or a
//! float's precision); strings, binary and times are text; lists, structs
//! and maps are stored as JSON text.

use super::{Location, RowSource, SourceSpec};
use crate::import::ImportError;
use arrow_array::cast::AsArray;
use arrow_array::types::*;
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, TimeUnit};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::ProjectionMask;
use quarry_profile::ColumnType;
use std::fmt::Write;
use std::fs::File;

const BATCH_ROWS: usize = 4096;

pub(crate) struct ParquetSource {
    file_name: String,
    file: File,
    meta: ArrowReaderMetadata,
    headers: Vec<String>,
    types: Vec<DataType>,
    /// Next row group to open.
    next_group: usize,
    group: usize,
    reader: Option<ParquetRecordBatchReader>,
    batch: Option<RecordBatch>,
    batch_row: usize,
    row: u64,
    bytes_done: u64,
    buf: String,
}

fn parquet_error(file: &str, row_group: Option<usize>, message: impl ToString) -> ImportError {
    ImportError::Parquet {
        file: file.to_string(),
        row_group,
        column: None,
        message: message.to_string(),
    }
}

/// The importer type a Parquet column keeps (`None`: inferred from text).
fn declared(dt: &DataType) -> Option<ColumnType> {
    Some(match dt {
        DataType::Boolean => ColumnType::Boolean,
        DataType::Int8
        | DataType::Int16
        | DataType::Int32
        | DataType::Int64
        | DataType::UInt8
        | DataType::UInt16
        | DataType::UInt32 => ColumnType::Integer,
        DataType::Float16 | DataType::Float32 | DataType::Float64 => ColumnType::Float,
        DataType::Date32 | DataType::Date64 => ColumnType::Date,
        DataType::Timestamp(_, _) => ColumnType::DateTime,
        DataType::UInt64
        | DataType::Decimal32(_, _)
        | DataType::Decimal64(_, _)
        | DataType::Decimal128(_, _)
        | DataType::Decimal256(_, _) => return None,
        DataType::Dictionary(_, v) => return declared(v),
        _ => ColumnType::Text,
    })
}

fn supported(dt: &DataType) -> bool {
    match dt {
        DataType::Duration(_)
        | DataType::Interval(_)
        | DataType::Union(_, _)
        | DataType::RunEndEncoded(_, _)
        | DataType::ListView(_)
        | DataType::LargeListView(_) => false,
        DataType::Dictionary(_, v) => supported(v),
        DataType::List(f) | DataType::LargeList(f) | DataType::FixedSizeList(f, _) => {
            supported(f.data_type())
        }
        DataType::Struct(fields) => fields.iter().all(|f| supported(f.data_type())),
        DataType::Map(f, _) => supported(f.data_type()),
        _ => true,
    }
}

impl ParquetSource {
    pub fn open(spec: &SourceSpec) -> Result<Self, ImportError> {
        let file = File::open(spec.path).map_err(|source| ImportError::Io {
            file: spec.file.clone(),
            source,
        })?;
        let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new()).map_err(|e| {
            parquet_error(
                &spec.file,
                None,
                format!("not a readable Parquet file: {e}"),
            )
        })?;
        let schema = meta.schema().clone();
        Ok(ParquetSource {
            file_name: spec.file.clone(),
            file,
            headers: schema.fields().iter().map(|f| f.name().clone()).collect(),
            types: schema
                .fields()
                .iter()
                .map(|f| f.data_type().clone())
                .collect(),
            meta,
            next_group: 0,
            group: 0,
            reader: None,
            batch: None,
            batch_row: 0,
            row: 0,
            bytes_done: 0,
            buf: String::new(),
        })
    }

    fn group_reader(
        &self,
        group: usize,
        mask: Option<ProjectionMask>,
    ) -> Result<ParquetRecordBatchReader, ImportError> {
        let f = self.file.try_clone().map_err(|source| ImportError::Io {
            file: self.file_name.clone(),
            source,
        })?;
        let mut b = ParquetRecordBatchReaderBuilder::new_with_metadata(f, self.meta.clone())
            .with_row_groups(vec![group])
            .with_batch_size(BATCH_ROWS);
        if let Some(m) = mask {
            b = b.with_projection(m);
        }
        b.build()
            .map_err(|e| parquet_error(&self.file_name, Some(group), e))
    }

    /// After a read error in `group`: the first column that fails alone.
    fn failing_column(&self, group: usize) -> Option<String> {
        let schema = self.meta.parquet_schema();
        for leaf in 0..schema.num_columns() {
            let mask = ProjectionMask::leaves(schema, [leaf]);
            let failed = match self.group_reader(group, Some(mask)) {
                Err(_) => true,
                Ok(r) => r.into_iter().any(|b| b.is_err()),
            };
            if failed {
                return Some(schema.column(leaf).path().string());
            }
        }
        None
    }

    fn read_error(&self, group: usize, message: String) -> ImportError {
        ImportError::Parquet {
            file: self.file_name.clone(),
            row_group: Some(group),
            column: self.failing_column(group),
            message,
        }
    }
}

impl RowSource for ParquetSource {
    fn headers(&self) -> &[String] {
        &self.headers
    }

    fn declared_types(&self) -> Vec<Option<ColumnType>> {
        self.types.iter().map(declared).collect()
    }

    fn warnings(&self) -> Vec<String> {
        self.headers
            .iter()
            .zip(&self.types)
            .filter(|(_, t)| !supported(t))
            .map(|(h, t)| {
                format!("column {h:?}: Parquet type {t} is not supported; its values are imported as null")
            })
            .collect()
    }

    fn next_record(
        &mut self,
        rec: &mut csv::StringRecord,
    ) -> Result<Option<Location>, ImportError> {
        loop {
            if let Some(batch) = &self.batch {
                if self.batch_row < batch.num_rows() {
                    let r = self.batch_row;
                    self.batch_row += 1;
                    self.row += 1;
                    rec.clear();
                    for (c, dt) in batch.columns().iter().zip(&self.types) {
                        self.buf.clear();
                        if supported(dt) {
                            render_cell(c.as_ref(), r, &mut self.buf);
                        }
                        rec.push_field(&self.buf);
                    }
                    return Ok(Some(Location::Row {
                        row_group: self.group,
                        row: self.row,
                    }));
                }
                self.batch = None;
            }
            if let Some(reader) = &mut self.reader {
                match reader.next() {
                    Some(Ok(b)) => {
                        self.batch = Some(b);
                        self.batch_row = 0;
                        continue;
                    }
                    Some(Err(e)) => {
                        let g = self.group;
                        return Err(self.read_error(g, e.to_string()));
                    }
                    None => {
                        self.reader = None;
                        self.bytes_done +=
                            self.meta.metadata().row_group(self.group).compressed_size() as u64;
                    }
                }
            }
            if self.next_group >= self.meta.metadata().num_row_groups() {
                return Ok(None);
            }
            self.group = self.next_group;
            self.next_group += 1;
            match self.group_reader(self.group, None) {
                Ok(r) => self.reader = Some(r),
                Err(ImportError::Parquet { message, .. }) => {
                    return Err(self.read_error(self.group, message))
                }
                Err(e) => return Err(e),
            }
        }
    }

    fn bytes_read(&self) -> u64 {
        self.bytes_done
    }
}

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day), by
/// `chrono`'s calendar. A Parquet date may lie millions of years away, past
/// chrono's range, so the day is first taken within the 400-year cycle that
/// starts on 1970-01-01 (the Gregorian calendar repeats every 146,097 days)
/// and the whole cycles are added back to the year.
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    use chrono::Datelike;
    const CYCLE_DAYS: i64 = 146_097;
    let (cycles, day) = (days.div_euclid(CYCLE_DAYS), days.rem_euclid(CYCLE_DAYS));
    // 1970-01-01 to 2369-12-31: always within chrono's range.
    let date = chrono::NaiveDate::from_epoch_days(day as i32).unwrap_or_default();
    (
        i64::from(date.year()) + 400 * cycles,
        date.month(),
        date.day(),
    )
}

fn write_date(out: &mut String, days: i64) {
    let (y, m, d) = civil_from_days(days);
    if (0..=9999).contains(&y) {
        let _ = write!(out, "{y:04}-{m:02}-{d:02}");
    } else {
        let _ = write!(out, "{y}-{m:02}-{d:02}");
    }
}

/// `HH:MM:SS` and a fraction without trailing zeros.
fn write_time(out: &mut String, secs_of_day: i64, nanos: u32) {
    let (h, mi, s) = (secs_of_day / 3600, secs_of_day / 60 % 60, secs_of_day % 60);
    let _ = write!(out, "{h:02}:{mi:02}:{s:02}");
    if nanos > 0 {
        let frac = format!("{nanos:09}");
        let _ = write!(out, ".{}", frac.trim_end_matches('0'));
    }
}

fn split_unit(v: i64, unit: &TimeUnit) -> (i64, u32) {
    let per_sec: i64 = match unit {
        TimeUnit::Second => 1,
        TimeUnit::Millisecond => 1_000,
        TimeUnit::Microsecond => 1_000_000,
        TimeUnit::Nanosecond => 1_000_000_000,
    };
    let secs = v.div_euclid(per_sec);
    let sub = v.rem_euclid(per_sec);
    (secs, (sub * (1_000_000_000 / per_sec)) as u32)
}

fn write_timestamp(out: &mut String, v: i64, unit: &TimeUnit, utc: bool) {
    let (secs, nanos) = split_unit(v, unit);
    write_date(out, secs.div_euclid(86_400));
    out.push('T');
    write_time(out, secs.rem_euclid(86_400), nanos);
    if utc {
        out.push('Z');
    }
}

fn write_float(out: &mut String, v: f64) {
    if v.is_finite() {
        let _ = write!(out, "{v}");
    }
}

fn dict_key(keys: &dyn Array, i: usize) -> usize {
    macro_rules! key {
        ($t:ty) => {
            keys.as_primitive::<$t>().value(i) as usize
        };
    }
    match keys.data_type() {
        DataType::Int8 => key!(Int8Type),
        DataType::Int16 => key!(Int16Type),
        DataType::Int32 => key!(Int32Type),
        DataType::Int64 => key!(Int64Type),
        DataType::UInt8 => key!(UInt8Type),
        DataType::UInt16 => key!(UInt16Type),
        DataType::UInt32 => key!(UInt32Type),
        DataType::UInt64 => key!(UInt64Type),
        _ => 0,
    }
}

fn write_bytes(out: &mut String, b: &[u8]) {
    match std::str::from_utf8(b) {
        Ok(s) => out.push_str(s.trim()),
        Err(_) => {
            for byte in b {
                let _ = write!(out, "{byte:02x}");
            }
        }
    }
}

/// Writes the field text of `a[i]`: nothing for null, the canonical text of
/// the importer's types for scalars, JSON for nested values.
fn render_cell(a: &dyn Array, i: usize, out: &mut String) {
    if a.is_null(i) {
        return;
    }
    macro_rules! prim {
        ($t:ty) => {{
            let _ = write!(out, "{}", a.as_primitive::<$t>().value(i));
        }};
    }
    match a.data_type() {
        DataType::Boolean => out.push_str(if a.as_boolean().value(i) {
            "true"
        } else {
            "false"
        }),
        DataType::Int8 => prim!(Int8Type),
        DataType::Int16 => prim!(Int16Type),
        DataType::Int32 => prim!(Int32Type),
        DataType::Int64 => prim!(Int64Type),
        DataType::UInt8 => prim!(UInt8Type),
        DataType::UInt16 => prim!(UInt16Type),
        DataType::UInt32 => prim!(UInt32Type),
        DataType::UInt64 => prim!(UInt64Type),
        DataType::Float16 => {
            let v = a.as_primitive::<Float16Type>().value(i);
            let f = f32::from(v);
            if f.is_finite() {
                let _ = write!(out, "{v}");
            }
        }
        DataType::Float32 => {
            let v = a.as_primitive::<Float32Type>().value(i);
            if v.is_finite() {
                // f32's own shortest form: 0.1f32 is stored as 0.1.
                let _ = write!(out, "{v}");
            }
        }
        DataType::Float64 => write_float(out, a.as_primitive::<Float64Type>().value(i)),
        DataType::Decimal32(_, _) => {
            out.push_str(&a.as_primitive::<Decimal32Type>().value_as_string(i))
        }
        DataType::Decimal64(_, _) => {
            out.push_str(&a.as_primitive::<Decimal64Type>().value_as_string(i))
        }
        DataType::Decimal128(_, _) => {
            out.push_str(&a.as_primitive::<Decimal128Type>().value_as_string(i))
        }
        DataType::Decimal256(_, _) => {
            out.push_str(&a.as_primitive::<Decimal256Type>().value_as_string(i))
        }
        DataType::Date32 => write_date(out, i64::from(a.as_primitive::<Date32Type>().value(i))),
        DataType::Date64 => write_date(
            out,
            a.as_primitive::<Date64Type>()
                .value(i)
                .div_euclid(86_400_000),
        ),
        DataType::Timestamp(unit, tz) => {
            let v = match unit {
                TimeUnit::Second => a.as_primitive::<TimestampSecondType>().value(i),
                TimeUnit::Millisecond => a.as_primitive::<TimestampMillisecondType>().value(i),
                TimeUnit::Microsecond => a.as_primitive::<TimestampMicrosecondType>().value(i),
                TimeUnit::Nanosecond => a.as_primitive::<TimestampNanosecondType>().value(i),
            };
            write_timestamp(out, v, unit, tz.is_some());
        }
        DataType::Time32(unit) => {
            let v = match unit {
                TimeUnit::Second => i64::from(a.as_primitive::<Time32SecondType>().value(i)),
                _ => i64::from(a.as_primitive::<Time32MillisecondType>().value(i)),
            };
            let (s, n) = split_unit(v, unit);
            write_time(out, s, n);
        }
        DataType::Time64(unit) => {
            let v = match unit {
                TimeUnit::Microsecond => a.as_primitive::<Time64MicrosecondType>().value(i),
                _ => a.as_primitive::<Time64NanosecondType>().value(i),
            };
            let (s, n) = split_unit(v, unit);
            write_time(out, s, n);
        }
        DataType::Utf8 => out.push_str(a.as_string::<i32>().value(i).trim()),
        DataType::LargeUtf8 => out.push_str(a.as_string::<i64>().value(i).trim()),
        DataType::Utf8View => out.push_str(a.as_string_view().value(i).trim()),
        DataType::Binary => write_bytes(out, a.as_binary::<i32>().value(i)),
        DataType::LargeBinary => write_bytes(out, a.as_binary::<i64>().value(i)),
        DataType::BinaryView => write_bytes(out, a.as_binary_view().value(i)),
        DataType::FixedSizeBinary(_) => write_bytes(out, a.as_fixed_size_binary().value(i)),
        DataType::Dictionary(_, _) => {
            let d = a.as_any_dictionary();
            let k = dict_key(d.keys(), i);
            render_cell(d.values().as_ref(), k, out);
        }
        DataType::List(_)
        | DataType::LargeList(_)
        | DataType::FixedSizeList(_, _)
        | DataType::Struct(_)
        | DataType::Map(_, _) => render_json(a, i, out),
        _ => {}
    }
}

fn json_string(out: &mut String, s: &str) {
    match serde_json::to_string(s) {
        Ok(q) => out.push_str(&q),
        Err(_) => out.push_str("null"),
    }
}

/// Writes `a[i]` as JSON.
fn render_json(a: &dyn Array, i: usize, out: &mut String) {
    if a.is_null(i) {
        out.push_str("null");
        return;
    }
    match a.data_type() {
        DataType::List(_) => {
            let l = a.as_list::<i32>();
            json_array(out, l.value(i).as_ref());
        }
        DataType::LargeList(_) => {
            let l = a.as_list::<i64>();
            json_array(out, l.value(i).as_ref());
        }
        DataType::FixedSizeList(_, _) => {
            json_array(out, a.as_fixed_size_list().value(i).as_ref());
        }
        DataType::Struct(fields) => {
            let s = a.as_struct();
            out.push('{');
            for (n, (f, col)) in fields.iter().zip(s.columns()).enumerate() {
                if n > 0 {
                    out.push(',');
                }
                json_string(out, f.name());
                out.push(':');
                render_json(col.as_ref(), i, out);
            }
            out.push('}');
        }
        DataType::Map(_, _) => {
            let entries = a.as_map().value(i);
            let (keys, values) = (entries.column(0), entries.column(1));
            out.push('{');
            for j in 0..entries.len() {
                if j > 0 {
                    out.push(',');
                }
                let mut k = String::new();
                render_cell(keys.as_ref(), j, &mut k);
                json_string(out, &k);
                out.push(':');
                render_json(values.as_ref(), j, out);
            }
            out.push('}');
        }
        DataType::Dictionary(_, _) => {
            let d = a.as_any_dictionary();
            let k = dict_key(d.keys(), i);
            render_json(d.values().as_ref(), k, out);
        }
        DataType::Boolean
        | DataType::Int8
        | DataType::Int16
        | DataType::Int32
        | DataType::Int64
        | DataType::UInt8
        | DataType::UInt16
        | DataType::UInt32
        | DataType::UInt64
        | DataType::Float16
        | DataType::Float32
        | DataType::Float64
        | DataType::Decimal32(_, _)
        | DataType::Decimal64(_, _)
        | DataType::Decimal128(_, _)
        | DataType::Decimal256(_, _) => {
            let start = out.len();
            render_cell(a, i, out);
            if out.len() == start {
                out.push_str("null");
            }
        }
        _ => {
            let mut s = String::new();
            render_cell(a, i, &mut s);
            json_string(out, &s);
        }
    }
}

fn json_array(out: &mut String, values: &dyn Array) {
    out.push('[');
    for j in 0..values.len() {
        if j > 0 {
            out.push(',');
        }
        render_json(values, j, out);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        // The values the hand-written algorithm (Hinnant's) gave before the
        // calendar became chrono's, far beyond chrono's range included.
        for (days, want) in [
            (59, (1970, 3, 1)),
            (11_017, (2000, 3, 1)),
            (-25_567, (1900, 1, 1)),
            (-719_468, (0, 3, 1)),
            (-719_469, (0, 2, 29)),
            (-584_389, (369, 12, 31)),
            (730_545, (3970, 3, 2)),
            (2_932_896, (9999, 12, 31)),
            (2_932_897, (10000, 1, 1)),
            (-2_932_897, (-6060, 1, 2)),
            (2_147_483_647, (5_881_580, 7, 11)),
            (-2_147_483_648, (-5_877_641, 6, 23)),
            (106_751_991_167, (292_278_994, 8, 17)),
        ] {
            assert_eq!(civil_from_days(days), want, "{days}");
        }
        let mut s = String::new();
        write_date(&mut s, -2_932_897);
        assert_eq!(s, "-6060-01-02");
        s.clear();
        write_date(&mut s, -719_469);
        assert_eq!(s, "0000-02-29");
        s.clear();
        write_timestamp(&mut s, 1_700_000_000_123, &TimeUnit::Millisecond, true);
        assert_eq!(s, "2023-11-14T22:13:20.123Z");
        s.clear();
        write_timestamp(&mut s, -1, &TimeUnit::Second, false);
        assert_eq!(s, "1969-12-31T23:59:59");
    }
}
