//! Enums without fields written as their variants' names (`"critical"`, `"max_tokens"`).
//!
//! serde's derive gives each such enum its own enum reader per input format (about 1.3 KB of
//! WebAssembly each with JSON text), though all it reads is one string. Here every enum reads a
//! string through one shared function and looks the name up in its own table. The names come
//! from strum's derives (the variants in `snake_case`, or one named per variant), for reading and
//! writing alike ([`impl_unit_enum!`]).

use serde::Deserializer;
use serde::de::{self, Visitor};

/// Implements `Serialize` and `Deserialize` for a fieldless enum as its variants' names, and
/// `as_str`, the name of a variant. The names are strum's: the enum derives `IntoStaticStr`,
/// `VariantNames` and `VariantArray`, with
/// `#[strum(serialize_all = "snake_case")]` or a `#[strum(serialize = "…")]` per variant:
///
/// ```ignore
/// #[derive(Clone, Copy, IntoStaticStr, VariantNames, VariantArray)]
/// #[strum(serialize_all = "snake_case")]
/// enum Role { System, User }
/// crate::unit_enum::impl_unit_enum!(Role);
/// ```
///
/// An unknown name is refused with serde's "unknown variant" error, naming the known ones.
macro_rules! impl_unit_enum {
    ($ty:ident) => {
        impl $ty {
            /// The name it is written as.
            pub fn as_str(self) -> &'static str {
                self.into()
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let names = <$ty as strum::VariantNames>::VARIANTS;
                let variants = <$ty as strum::VariantArray>::VARIANTS;
                $crate::unit_enum::read_index(deserializer, names).map(|i| variants[i])
            }
        }
    };
}
pub(crate) use impl_unit_enum;

/// Reads a string and gives its position in `names`.
///
/// # Errors
/// Not a string, or a string not in `names`.
pub fn read_index<'de, D: Deserializer<'de>>(
    deserializer: D,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    deserializer.deserialize_str(NameVisitor { names })
}

struct NameVisitor {
    names: &'static [&'static str],
}

impl Visitor<'_> for NameVisitor {
    type Value = usize;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "one of {:?}", self.names)
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        self.names
            .iter()
            .position(|known| *known == name)
            .ok_or_else(|| E::unknown_variant(name, self.names))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Detection, Layer, Mode, Priority, Role};

    #[test]
    fn names_are_written_and_read_back() {
        let written = serde_json::to_string(&[Priority::Critical, Priority::Helpful]).unwrap();
        assert_eq!(written, r#"["critical","helpful"]"#);
        let read: Vec<Priority> = serde_json::from_str(&written).unwrap();
        assert_eq!(read, [Priority::Critical, Priority::Helpful]);
        assert_eq!(
            serde_json::to_string(&Mode::NonInteractive).unwrap(),
            r#""non_interactive""#
        );
        for layer in [Layer::Session, Layer::Timeout, Layer::Llm] {
            let text = serde_json::to_string(&layer).unwrap();
            assert_eq!(serde_json::from_str::<Layer>(&text).unwrap(), layer);
        }
    }

    #[test]
    fn an_escaped_name_is_read() {
        // JSON may escape any character; the name is compared after unescaping.
        assert_eq!(
            serde_json::from_str::<Role>(r#""\u0075ser""#).unwrap(),
            Role::User
        );
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_known_ones() {
        let error = serde_json::from_str::<Detection>(r#""remote""#).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown variant `remote`, expected `embedded` or `llm` at line 1 column 8"
        );
        let error = serde_json::from_str::<Role>("3").unwrap_err();
        assert!(
            error
                .to_string()
                .contains(r#"one of ["system", "user", "assistant"]"#),
            "{error}"
        );
    }
}
