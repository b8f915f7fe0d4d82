//! The planner's built-in knowledge of English and of the world: words that
//! carry no condition, synonyms and abbreviations of field words, the words
//! of comparison and order, the small word lists that cue each pass, and
//! names a search box has to know (countries, demonyms, US states, months),
//! what WordNet says of adjectives and the nouns they speak of
//! (`wordnet`), and units of measure (`units`, used by its own path:
//! `lexicon::units::…`).
//! Passes ask these tables; no pass holds a word list of its own.

pub mod aviation;
pub mod calendar;
mod codes;
mod comparison;
mod cues;
mod elements;
mod fields;
mod people;
pub mod units;
pub mod wordnet;
mod words;
mod world;

pub use codes::*;
pub use comparison::*;
pub use cues::*;
pub use elements::*;
pub use fields::*;
pub use people::*;
pub use words::*;
pub use world::*;
