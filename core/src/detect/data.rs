//! The detector's data: the task frames' table and the learned model's weights, in one file
//! that `build.rs` writes (`clarify-detector.bin`), and the one place the detector reads them.
//!
//! The data is the largest part of what a browser would download for the engine, and nothing
//! needs it before the user's first request, so the wasm builds leave it out and the host hands
//! it in when it has fetched it ([`install_detector`]); with the `embedded-detector` feature
//! (the CLI's, and the native tests') it is compiled in and read on first use, as before. Either
//! way it is checked once: the file names the format and the hash of its contents, and both must
//! be the ones this build was made with, so a damaged, cut or mismatched file (another build's,
//! a stale cache's) is a [`DetectorDataError`] saying what was expected and what came, and is
//! never read.
//!
//! The layout: `CLKD`, the format (u32), the FNV-1a hash of the payload (u64) and its length
//! (u32), all little-endian; then the payload, each section as its tag (4 bytes), its length
//! (u32) and its bytes: `KNOW` the knowledge (`core/data/detector.toml` serialized, `frames.rs`),
//! `MODL` the weights (`model.rs`), `TELL` the words that tell the Latin-script languages read
//! by columns apart (`columns.rs`).
//!
//! The languages read by their columns (Japanese, Korean, Spanish, French, German, Portuguese,
//! Italian) have a data file each, `clarify-detector-<tag>.bin`, in the same layout with two
//! sections, `COLS` (the language's pack, postcard) and `MODL` (the weights of the model these
//! languages share, `model.rs`): 22–27 KB of gzip each, which a page should download only
//! when a request is written in that language. The wasm builds leave them out too
//! and the host hands one in when a session asks for it ([`install_columns`]; a session waits
//! for it with [`Effect::LoadColumns`](crate::Effect::LoadColumns)); natively they are compiled
//! in. Each is checked as the main file is, against the header this build expects of that
//! language's file, and a file of another language is named as such ([`ColumnsDataError`]).

use std::sync::OnceLock;

use crate::protocol::language::Language;

/// What a detector data file's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Header {
    format: u32,
    hash: u64,
    len: u32,
}

include!(concat!(env!("OUT_DIR"), "/detector_data.rs"));
include!(concat!(env!("OUT_DIR"), "/columns_data.rs"));

/// The bytes the file starts with.
const MAGIC: &[u8; 4] = b"CLKD";
/// The header's length: the magic, the format, the hash, the payload's length.
const HEADER_LEN: usize = 20;

/// The data compiled in (the `embedded-detector` feature).
#[cfg(feature = "embedded-detector")]
static EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/clarify-detector.bin"));

/// Each language's columns file compiled in (the `embedded-detector` feature), in the order of
/// [`COLUMNS_EXPECTED`].
#[cfg(feature = "embedded-detector")]
static EMBEDDED_COLUMNS: [&[u8]; COLUMNS_EXPECTED.len()] =
    include!(concat!(env!("OUT_DIR"), "/columns_embedded.rs"));

/// Why a detector data file was refused. Nothing was installed; a later
/// [`install_detector`] may try again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DetectorDataError {
    /// Fewer bytes than the header.
    #[error(
        "the detector data is {found} bytes long, shorter than its {expected}-byte header (cut short?)"
    )]
    TooShort {
        /// The header's length.
        expected: usize,
        /// The bytes given.
        found: usize,
    },
    /// Not a detector data file at all (an HTML error page, another file).
    #[error("not detector data: it starts with {found:02x?}, expected {expected:02x?} (\"CLKD\")")]
    NotDetectorData {
        /// The magic bytes.
        expected: [u8; 4],
        /// The first four bytes given.
        found: [u8; 4],
    },
    /// A format this build does not read.
    #[error("the detector data is in format {found}; this build reads format {expected}")]
    Format {
        /// The format this build reads.
        expected: u32,
        /// The file's.
        found: u32,
    },
    /// The payload is not as long as the header says.
    #[error("the detector data should have {expected} bytes after its header; {found} came")]
    Length {
        /// What the header says.
        expected: u32,
        /// What came.
        found: usize,
    },
    /// The file was made by another build (its header names other data).
    #[error(
        "the detector data is another build's: it holds data {found:016x}, this build reads {expected:016x}"
    )]
    OtherBuild {
        /// The hash of the data this build was made with.
        expected: u64,
        /// The hash the file's header names.
        found: u64,
    },
    /// The payload does not hash to what its header says: damaged on the way.
    #[error(
        "the detector data is damaged: its contents hash to {found:016x}, its header says {expected:016x}"
    )]
    Damaged {
        /// What the header says.
        expected: u64,
        /// What the contents hash to.
        found: u64,
    },
    /// A section this build needs is missing or overruns the payload.
    #[error("the detector data has no readable {0} section")]
    Section(String),
    /// The weights do not read as a model.
    #[error("the detector data's model does not read as weights")]
    Model,
}

/// Why a language's columns file was refused. Nothing was installed; a later
/// [`install_columns`] may try again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColumnsDataError {
    /// The detector reads no columns for the language asked for (English, Chinese).
    #[error(
        "the detector has no columns for {}: it reads ja, ko, es, fr, de, pt and it by columns",
        language.tag()
    )]
    NoColumns {
        /// The language asked for.
        language: Language,
    },
    /// This build's file of another language came (a wrong URL, a server's mix-up).
    #[error(
        "the columns of {} came where those of {} were expected",
        found.tag(),
        expected.tag()
    )]
    OtherLanguage {
        /// The language asked for.
        expected: Language,
        /// The language of the file that came.
        found: Language,
    },
    /// The file is not this build's columns of the language: cut, damaged, another format,
    /// another build's, or no detector data at all.
    #[error("the columns of {}: {error}", language.tag())]
    Data {
        /// The language asked for.
        language: Language,
        /// What the file's check found.
        error: DetectorDataError,
    },
}

/// Installs the columns of `language` from `bytes`, a `clarify-detector-<tag>.bin` of this
/// build, for every session of this process (the wasm's page). Installing them again changes
/// nothing.
///
/// # Errors
/// [`ColumnsDataError`] for a language without columns, another language's file, or a file
/// that is cut short, damaged, of another format or of another build; nothing is installed then.
pub fn install_columns(language: Language, bytes: &[u8]) -> Result<(), ColumnsDataError> {
    let i = columns_index(language).ok_or(ColumnsDataError::NoColumns { language })?;
    read_columns(language, bytes)?;
    if installed_columns(i).is_none() {
        // Kept for the program's life (once per language): the pack's words are read from it.
        let kept: &'static [u8] = Box::leak(bytes.to_vec().into_boxed_slice());
        keep_columns(i, read_columns(language, kept)?);
    }
    Ok(())
}

/// Whether the detector reads `language` by columns and they are there: installed, or compiled
/// in.
pub fn columns_installed(language: Language) -> bool {
    columns(language).is_some()
}

/// Installs the detector's data from `bytes`, a `clarify-detector.bin` of this build, for every
/// session of this process (the wasm's page). Installing it again changes nothing: a file that
/// passes the check is byte for byte the one already installed.
///
/// # Errors
/// [`DetectorDataError`] for a file that is cut short, damaged, of another format or of another
/// build; nothing is installed then.
pub fn install_detector(bytes: &[u8]) -> Result<(), DetectorDataError> {
    Sections::read(bytes)?;
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    // Kept for the program's life (once per process): the frames' words are slices of it.
    let kept: &'static [u8] = Box::leak(bytes.to_vec().into_boxed_slice());
    let _ = INSTALLED.set(Sections::read(kept)?);
    Ok(())
}

/// Whether the detector's data is there: installed, or compiled in. Without it the detector
/// recognises no task and has no model, so a session that needs it asks for the data
/// ([`Effect::LoadDetector`](crate::Effect::LoadDetector)) and waits rather than ask it.
pub fn detector_installed() -> bool {
    get().is_some()
}

/// The sections of an installed (or compiled-in) data file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sections<'a> {
    /// The detector's knowledge, `core/data/detector.toml` in its stored form (`frames.rs`).
    pub knowledge: &'a [u8],
    /// The weights (`model.rs`).
    pub model: &'a [u8],
    /// The words that tell the Latin-script languages read by columns apart, by tag (postcard;
    /// `columns.rs`).
    pub tell: &'a [u8],
}

static INSTALLED: OnceLock<Sections<'static>> = OnceLock::new();

/// Each language's installed (or compiled-in) pack, its `COLS` section, in the
/// order of [`COLUMNS_EXPECTED`]: one per process (per thread in the tests, so that each test
/// sees what it installed itself).
#[cfg(not(test))]
static INSTALLED_COLUMNS: [OnceLock<ColumnsFile<'static>>; COLUMNS_EXPECTED.len()] =
    [const { OnceLock::new() }; COLUMNS_EXPECTED.len()];

#[cfg(not(test))]
fn installed_columns(i: usize) -> Option<ColumnsFile<'static>> {
    INSTALLED_COLUMNS[i].get().copied()
}

#[cfg(not(test))]
fn keep_columns(i: usize, file: ColumnsFile<'static>) {
    let _ = INSTALLED_COLUMNS[i].set(file);
}

/// A language's columns file, read: its pack (postcard) and the columns model's weights.
#[derive(Debug, Clone, Copy)]
struct ColumnsFile<'a> {
    pack: &'a [u8],
    model: &'a [u8],
}

/// The pack of `language` (postcard), or `None` when the detector reads it by no columns or
/// they are not installed. The one place `columns.rs` gets its packs from.
pub(crate) fn columns(language: Language) -> Option<&'static [u8]> {
    columns_file_of(language).map(|f| f.pack)
}

/// The weights of the model that reads the languages read by columns, from `language`'s
/// installed (or compiled-in) file; `None` as for [`columns`].
pub(crate) fn columns_model(language: Language) -> Option<&'static [u8]> {
    columns_file_of(language).map(|f| f.model)
}

fn columns_file_of(language: Language) -> Option<ColumnsFile<'static>> {
    let i = columns_index(language)?;
    if let Some(file) = installed_columns(i) {
        return Some(file);
    }
    #[cfg(test)]
    if HIDDEN_COLUMNS.get() {
        return None;
    }
    #[cfg(feature = "embedded-detector")]
    if let Ok(file) = read_columns(language, EMBEDDED_COLUMNS[i]) {
        keep_columns(i, file);
        return Some(file);
    }
    None
}

/// Where `language` is in [`COLUMNS_EXPECTED`], when the detector reads it by columns.
fn columns_index(language: Language) -> Option<usize> {
    COLUMNS_EXPECTED
        .iter()
        .position(|(tag, _)| *tag == language.tag())
}

/// The pack and the model in `bytes`, once its header says it is this build's columns of
/// `language`.
fn read_columns(language: Language, bytes: &[u8]) -> Result<ColumnsFile<'_>, ColumnsDataError> {
    let i = columns_index(language).ok_or(ColumnsDataError::NoColumns { language })?;
    let data = |error| ColumnsDataError::Data { language, error };
    let payload = checked(bytes, COLUMNS_EXPECTED[i].1).map_err(|e| {
        // Another file of this build: named by its language rather than by its hash.
        let other = if let DetectorDataError::OtherBuild { found, .. } = &e {
            COLUMNS_EXPECTED
                .iter()
                .find(|(_, h)| h.hash == *found)
                .and_then(|(tag, _)| Language::ALL.into_iter().find(|l| l.tag() == *tag))
        } else {
            None
        };
        other.map_or(data(e), |found| ColumnsDataError::OtherLanguage {
            expected: language,
            found,
        })
    })?;
    let pack = section(payload, *b"COLS").map_err(data)?;
    let model = section(payload, *b"MODL").map_err(data)?;
    Ok(ColumnsFile { pack, model })
}

/// The detector's data, or `None` before it is installed. The one place the detector's
/// layers read their data from.
pub(crate) fn get() -> Option<Sections<'static>> {
    #[cfg(test)]
    if HIDDEN.get() {
        return None;
    }
    if let Some(s) = INSTALLED.get() {
        return Some(*s);
    }
    #[cfg(feature = "embedded-detector")]
    if let Ok(s) = Sections::read(EMBEDDED) {
        return Some(*INSTALLED.get_or_init(|| s));
    }
    None
}

impl<'a> Sections<'a> {
    /// The sections of `bytes`, once its header checks.
    fn read(bytes: &'a [u8]) -> Result<Self, DetectorDataError> {
        let payload = checked(bytes, EXPECTED)?;
        let model = section(payload, *b"MODL")?;
        super::model::Model::parse(model).ok_or(DetectorDataError::Model)?;
        Ok(Self {
            knowledge: section(payload, *b"KNOW")?,
            model,
            tell: section(payload, *b"TELL")?,
        })
    }
}

#[cfg(test)]
thread_local! {
    /// Set by [`without_data`]: this thread's tests see no data.
    static HIDDEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Set by [`without_columns`]: this thread sees no columns compiled in, only those
    /// [`install_columns`] installs.
    static HIDDEN_COLUMNS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What [`install_columns`] installed on this thread (the tests' [`INSTALLED_COLUMNS`]).
    static TEST_COLUMNS: std::cell::RefCell<[Option<ColumnsFile<'static>>; COLUMNS_EXPECTED.len()]> =
        const { std::cell::RefCell::new([None; COLUMNS_EXPECTED.len()]) };
}

#[cfg(test)]
fn installed_columns(i: usize) -> Option<ColumnsFile<'static>> {
    TEST_COLUMNS.with(|t| t.borrow()[i])
}

#[cfg(test)]
fn keep_columns(i: usize, file: ColumnsFile<'static>) {
    TEST_COLUMNS.with(|t| t.borrow_mut()[i] = Some(file));
}

/// Runs `f` as if no language's columns were installed (on this thread) until `f` installs
/// one: the tests of what a session does while a browser fetches them, in a process whose
/// columns are compiled in.
#[cfg(test)]
pub(crate) fn without_columns<R>(f: impl FnOnce() -> R) -> R {
    let forget = || TEST_COLUMNS.with(|t| *t.borrow_mut() = [None; COLUMNS_EXPECTED.len()]);
    forget();
    HIDDEN_COLUMNS.set(true);
    let out = f();
    HIDDEN_COLUMNS.set(false);
    forget();
    out
}

/// Runs `f` as if the data were not installed (on this thread): the tests of what a session
/// does without it, in a process whose data is compiled in.
#[cfg(test)]
pub(crate) fn without_data<R>(f: impl FnOnce() -> R) -> R {
    HIDDEN.set(true);
    let out = f();
    HIDDEN.set(false);
    out
}

/// The payload of `bytes` once its header says it is the data `expected` describes.
fn checked(bytes: &[u8], expected: Header) -> Result<&[u8], DetectorDataError> {
    let too_short = DetectorDataError::TooShort {
        expected: HEADER_LEN,
        found: bytes.len(),
    };
    let (head, payload) = bytes.split_at_checked(HEADER_LEN).ok_or(too_short)?;
    let word = |at: usize| -> [u8; 4] { [head[at], head[at + 1], head[at + 2], head[at + 3]] };
    let magic = word(0);
    if &magic != MAGIC {
        return Err(DetectorDataError::NotDetectorData {
            expected: *MAGIC,
            found: magic,
        });
    }
    let format = u32::from_le_bytes(word(4));
    if format != expected.format {
        return Err(DetectorDataError::Format {
            expected: expected.format,
            found: format,
        });
    }
    let hash = u64::from_le_bytes([
        head[8], head[9], head[10], head[11], head[12], head[13], head[14], head[15],
    ]);
    let len = u32::from_le_bytes(word(16));
    if usize::try_from(len).ok() != Some(payload.len()) {
        return Err(DetectorDataError::Length {
            expected: len,
            found: payload.len(),
        });
    }
    if hash != expected.hash || len != expected.len {
        return Err(DetectorDataError::OtherBuild {
            expected: expected.hash,
            found: hash,
        });
    }
    let found = fnv1a(payload);
    if found != hash {
        return Err(DetectorDataError::Damaged {
            expected: hash,
            found,
        });
    }
    Ok(payload)
}

/// The bytes of the section tagged `tag`.
fn section(mut payload: &[u8], tag: [u8; 4]) -> Result<&[u8], DetectorDataError> {
    let missing = || DetectorDataError::Section(String::from_utf8_lossy(&tag).into_owned());
    while let Some((head, rest)) = payload.split_at_checked(8) {
        let len = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        let (body, after) = rest
            .split_at_checked(usize::try_from(len).map_err(|_| missing())?)
            .ok_or_else(missing)?;
        if head[..4] == tag {
            return Ok(body);
        }
        payload = after;
    }
    Err(missing())
}

/// FNV-1a, 64 bits: `build.rs` hashes the payload the same way.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file as `build.rs` writes it, with `payload`, in `format`, naming `hash`.
    fn file(format: u32, hash: u64, payload: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&format.to_le_bytes());
        out.extend_from_slice(&hash.to_le_bytes());
        out.extend_from_slice(&u32::try_from(payload.len()).unwrap().to_le_bytes());
        out.extend_from_slice(payload);
        out
    }

    fn built() -> &'static [u8] {
        include_bytes!(concat!(env!("OUT_DIR"), "/clarify-detector.bin"))
    }

    #[test]
    fn the_built_file_reads_and_installs_and_installing_again_changes_nothing() {
        let sections = Sections::read(built()).unwrap_or_else(|e| panic!("{e}"));
        assert!(sections.knowledge.len() > 10_000 && sections.model.len() > 4_000);
        assert_eq!(install_detector(built()), Ok(()));
        assert_eq!(install_detector(built()), Ok(()));
        assert!(detector_installed());
    }

    #[test]
    fn a_cut_file_is_refused_with_what_was_expected_and_what_came() {
        let whole = built();
        assert_eq!(
            Sections::read(&whole[..7]).unwrap_err(),
            DetectorDataError::TooShort {
                expected: HEADER_LEN,
                found: 7
            }
        );
        let cut = &whole[..whole.len() - 100];
        let err = Sections::read(cut).unwrap_err();
        assert_eq!(
            err,
            DetectorDataError::Length {
                expected: EXPECTED.len,
                found: whole.len() - 100 - HEADER_LEN
            }
        );
        assert!(err.to_string().contains(&EXPECTED.len.to_string()), "{err}");
    }

    #[test]
    fn a_damaged_file_is_refused_and_never_read() {
        let mut damaged = built().to_vec();
        let at = damaged.len() / 2;
        damaged[at] ^= 0x20;
        assert!(matches!(
            Sections::read(&damaged),
            Err(DetectorDataError::Damaged { expected, .. }) if expected == EXPECTED.hash
        ));
        assert!(matches!(
            install_detector(&damaged),
            Err(DetectorDataError::Damaged { .. })
        ));
    }

    #[test]
    fn another_format_another_build_and_another_file_are_told_apart() {
        let payload = &built()[HEADER_LEN..];
        assert_eq!(
            Sections::read(&file(EXPECTED.format + 1, EXPECTED.hash, payload)).unwrap_err(),
            DetectorDataError::Format {
                expected: EXPECTED.format,
                found: EXPECTED.format + 1
            }
        );
        assert_eq!(
            Sections::read(&file(EXPECTED.format, 7, payload)).unwrap_err(),
            DetectorDataError::OtherBuild {
                expected: EXPECTED.hash,
                found: 7
            }
        );
        let page = b"<!doctype html><html><body>Not found</body></html>";
        assert_eq!(
            Sections::read(page).unwrap_err(),
            DetectorDataError::NotDetectorData {
                expected: *b"CLKD",
                found: *b"<!do"
            }
        );
    }

    #[test]
    fn a_payload_without_its_sections_is_refused() {
        let payload = b"KNOW\x03\0\0\0abc";
        let header = Header {
            format: EXPECTED.format,
            hash: fnv1a(payload),
            len: 11,
        };
        let bytes = file(header.format, header.hash, payload);
        let payload = checked(&bytes, header).unwrap();
        assert_eq!(section(payload, *b"KNOW"), Ok(&b"abc"[..]));
        assert_eq!(
            section(payload, *b"MODL"),
            Err(DetectorDataError::Section("MODL".into()))
        );
        // A section that says it is longer than what follows.
        assert!(section(b"MODL\xff\0\0\0ab", *b"MODL").is_err());
    }

    /// This build's columns file of `language`, as the build wrote it.
    fn columns_file(language: Language) -> &'static [u8] {
        const FILES: [&[u8]; COLUMNS_EXPECTED.len()] =
            include!(concat!(env!("OUT_DIR"), "/columns_embedded.rs"));
        FILES[columns_index(language).unwrap()]
    }

    #[test]
    fn each_languages_columns_file_installs_and_installing_again_changes_nothing() {
        for (tag, _) in COLUMNS_EXPECTED {
            let language = Language::ALL.into_iter().find(|l| l.tag() == tag).unwrap();
            let file = read_columns(language, columns_file(language)).unwrap();
            assert!(file.pack.len() > 10_000, "{tag}");
            assert!(
                super::super::model::Model::parse(file.model).is_some(),
                "{tag}"
            );
            without_columns(|| {
                assert!(!columns_installed(language), "{tag} hidden");
                assert_eq!(install_columns(language, columns_file(language)), Ok(()));
                assert!(columns_installed(language), "{tag} installed");
                assert_eq!(install_columns(language, columns_file(language)), Ok(()));
            });
        }
    }

    #[test]
    fn a_bad_columns_file_is_refused_and_nothing_is_installed() {
        let es = Language::Spanish;
        without_columns(|| {
            let whole = columns_file(es);
            let cut = &whole[..whole.len() - 10];
            assert!(matches!(
                install_columns(es, cut),
                Err(ColumnsDataError::Data {
                    language: Language::Spanish,
                    error: DetectorDataError::Length { .. }
                })
            ));
            let mut damaged = whole.to_vec();
            let at = damaged.len() / 2;
            damaged[at] ^= 0x20;
            assert!(matches!(
                install_columns(es, &damaged),
                Err(ColumnsDataError::Data {
                    error: DetectorDataError::Damaged { .. },
                    ..
                })
            ));
            let payload = &whole[HEADER_LEN..];
            let expected = COLUMNS_EXPECTED[columns_index(es).unwrap()].1;
            let other_build = file(expected.format, 7, payload);
            let err = install_columns(es, &other_build).unwrap_err();
            assert_eq!(
                err,
                ColumnsDataError::Data {
                    language: es,
                    error: DetectorDataError::OtherBuild {
                        expected: expected.hash,
                        found: 7
                    }
                }
            );
            assert!(err.to_string().starts_with("the columns of es: "), "{err}");
            assert!(matches!(
                install_columns(es, &file(expected.format + 1, expected.hash, payload)),
                Err(ColumnsDataError::Data {
                    error: DetectorDataError::Format { .. },
                    ..
                })
            ));
            // The detector's own file, or a page, where the columns were expected.
            assert!(matches!(
                install_columns(es, built()),
                Err(ColumnsDataError::Data {
                    error: DetectorDataError::OtherBuild { .. },
                    ..
                })
            ));
            assert!(matches!(
                install_columns(es, b"<!doctype html><p>Not found</p>"),
                Err(ColumnsDataError::Data {
                    error: DetectorDataError::NotDetectorData { .. },
                    ..
                })
            ));
            assert!(!columns_installed(es), "nothing refused is installed");
        });
    }

    #[test]
    fn another_languages_file_is_named_as_such() {
        without_columns(|| {
            let err =
                install_columns(Language::Spanish, columns_file(Language::Japanese)).unwrap_err();
            assert_eq!(
                err,
                ColumnsDataError::OtherLanguage {
                    expected: Language::Spanish,
                    found: Language::Japanese
                }
            );
            assert_eq!(
                err.to_string(),
                "the columns of ja came where those of es were expected"
            );
            assert!(!columns_installed(Language::Spanish));
        });
        assert_eq!(
            install_columns(Language::English, columns_file(Language::Spanish)),
            Err(ColumnsDataError::NoColumns {
                language: Language::English
            })
        );
        assert!(!columns_installed(Language::Simplified));
    }

    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn hidden_data_is_not_there_for_the_detector() {
        assert!(get().is_some());
        without_data(|| {
            assert!(!detector_installed());
            assert!(super::super::model::shipped().is_none());
            assert!(super::super::knowledge().frames.is_empty());
        });
        assert!(get().is_some());
    }
}
