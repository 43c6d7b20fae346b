//! An enum written as one JSON object whose first key names its variant, `{"kind": "llm"}`,
//! `{"phase": "asking", "question": …}`, read without buffering.
//!
//! serde's own internally tagged form (`#[serde(tag = "…")]`) reads such an object by buffering
//! all of it into serde's private `Content` tree first (the tag may come last), so every type
//! inside a variant gets a second decoder, one reading that tree, next to the one reading JSON
//! text: kilobytes of WebAssembly per enum, tens of kilobytes for the session's phase. Here the
//! tag is read first and the variant's fields straight from the same reader. Objects written
//! here always have the tag first; one that does not (a migrated or hand-edited snapshot) is
//! rewritten with the tag first and read again, so key order never changes what is read.
//!
//! An enum opts in with [`impl_tag_first!`]: its serde derives stay, externally tagged and
//! turned into inherent functions by `#[serde(remote = "Self")]`, and the macro writes the
//! `Serialize` and `Deserialize` impls that put the tag first:
//!
//! ```ignore
//! #[derive(Serialize, Deserialize)]
//! #[serde(remote = "Self", rename_all = "snake_case")]
//! pub enum QuestionSource { Llm, Document { document: String }, … }
//! crate::tag_first::impl_tag_first!(QuestionSource, "kind");
//! ```
//!
//! Only unit variants and variants with named fields can be written this way (as with serde's
//! internally tagged form, which also takes newtype variants of structs; none is used here).

use serde::Serialize;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, IntoDeserializer, MapAccess,
    VariantAccess, Visitor,
};
use serde::ser::{self, Impossible, SerializeStruct, Serializer};

/// An enum written as `{TAG: variant, fields…}`: its externally tagged serde code, which
/// [`impl_tag_first!`] wraps.
pub trait TagFirst: Sized + 'static {
    /// The key that names the variant.
    const TAG: &'static str;

    /// Writes `self` externally tagged (serde's derive).
    ///
    /// # Errors
    /// Whatever `serializer` refuses.
    fn serialize_variant<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Reads `Self` externally tagged (serde's derive).
    ///
    /// # Errors
    /// Whatever `deserializer` refuses, or an unknown variant or field.
    fn deserialize_variant<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// Implements `Serialize` and `Deserialize` for an enum whose serde derives carry
/// `#[serde(remote = "Self")]`, writing it as `{tag: variant, fields…}`.
macro_rules! impl_tag_first {
    ($ty:ty, $tag:literal) => {
        impl $crate::tag_first::TagFirst for $ty {
            const TAG: &'static str = $tag;

            fn serialize_variant<S: serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }

            fn deserialize_variant<'de, D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                <$ty>::deserialize(deserializer)
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::tag_first::serialize(self, serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::tag_first::deserialize(deserializer)
            }
        }
    };
}
pub(crate) use impl_tag_first;

/// Writes `value` as `{T::TAG: variant, fields…}`.
///
/// # Errors
/// Whatever `serializer` refuses; an enum with a tuple or newtype variant.
pub fn serialize<T: TagFirst, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    value.serialize_variant(Tagging {
        tag: T::TAG,
        inner: serializer,
    })
}

/// Reads `{T::TAG: variant, fields…}`.
///
/// # Errors
/// Not an object, no tag, an unknown variant, a missing or mistyped field.
pub fn deserialize<'de, T: TagFirst, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    match read(deserializer, None)? {
        Read::None => Err(de::Error::missing_field(T::TAG)),
        Read::Variant(value) => Ok(value),
    }
}

/// What [`deserialize_or_none`] found.
#[derive(Debug)]
pub enum Read<T> {
    /// The object was `{T::TAG: none}`.
    None,
    /// Any other variant.
    Variant(T),
}

/// Reads `{T::TAG: variant, fields…}`, where the variant named `none` (not one of `T`'s) reads as
/// [`Read::None`]: the session's `{"phase": "idle"}`.
///
/// # Errors
/// As [`deserialize`].
pub fn deserialize_or_none<'de, T: TagFirst, D: Deserializer<'de>>(
    deserializer: D,
    none: &'static str,
) -> Result<Read<T>, D::Error> {
    read(deserializer, Some(none))
}

fn read<'de, T: TagFirst, D: Deserializer<'de>>(
    deserializer: D,
    none: Option<&'static str>,
) -> Result<Read<T>, D::Error> {
    deserializer.deserialize_map(ObjectVisitor {
        none,
        read: std::marker::PhantomData,
    })
}

struct ObjectVisitor<T> {
    none: Option<&'static str>,
    read: std::marker::PhantomData<T>,
}

impl<'de, T: TagFirst> Visitor<'de> for ObjectVisitor<T> {
    type Value = Read<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "an object with a \"{}\" key", T::TAG)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read<T>, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Err(de::Error::missing_field(T::TAG));
        };
        if first != T::TAG {
            return self.reordered(first, map);
        }
        let variant: String = map.next_value()?;
        if Some(variant.as_str()) == self.none {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok(Read::None);
        }
        T::deserialize_variant(Rest { variant, map }).map(Read::Variant)
    }
}

impl<T: TagFirst> ObjectVisitor<T> {
    /// The object's tag is not its first key: reads the object as a JSON tree, writes it back as
    /// text with the tag first, and reads that.
    fn reordered<'de, A: MapAccess<'de>>(
        self,
        first: String,
        mut map: A,
    ) -> Result<Read<T>, A::Error> {
        let mut entries = vec![(first, map.next_value::<serde_json::Value>()?)];
        while let Some(entry) = map.next_entry::<String, serde_json::Value>()? {
            entries.push(entry);
        }
        let Some(at) = entries.iter().position(|(key, _)| key == T::TAG) else {
            return Err(de::Error::missing_field(T::TAG));
        };
        let tagged = entries.remove(at);
        let mut text = String::from("{");
        for (i, (key, value)) in std::iter::once(tagged).chain(entries).enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&serde_json::Value::String(key).to_string());
            text.push(':');
            text.push_str(&value.to_string());
        }
        text.push('}');
        let mut reader = serde_json::Deserializer::from_str(&text);
        read(&mut reader, self.none).map_err(de::Error::custom)
    }
}

/// The rest of an object whose tag has been read, as the externally tagged enum `T` expects to
/// be given it: the variant's name, then its fields.
struct Rest<A> {
    variant: String,
    map: A,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Rest<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Rest<A> {
    type Error = A::Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), A::Error> {
        let name = seed.deserialize(self.variant.as_str().into_deserializer())?;
        Ok((name, self))
    }
}

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Rest<A> {
    type Error = A::Error;

    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> Result<T::Value, A::Error> {
        Err(de::Error::custom("a tagged object holds named fields only"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, A::Error> {
        Err(de::Error::custom("a tagged object holds named fields only"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.map)
    }
}

/// A serializer that takes one enum variant and writes it as a struct with the tag first.
struct Tagging<S> {
    tag: &'static str,
    inner: S,
}

/// The fields of a variant, written after its tag.
struct Fields<S>(S);

impl<S: SerializeStruct> ser::SerializeStructVariant for Fields<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

impl<S: Serializer> Tagging<S> {
    fn not_a_variant(what: &str) -> S::Error {
        ser::Error::custom(format!("only an enum variant can be tagged, not {what}"))
    }
}

impl<S: Serializer> Serializer for Tagging<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = Impossible<S::Ok, S::Error>;
    type SerializeMap = Impossible<S::Ok, S::Error>;
    type SerializeStruct = Impossible<S::Ok, S::Error>;
    type SerializeStructVariant = Fields<S::SerializeStruct>;

    fn serialize_unit_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<S::Ok, S::Error> {
        let mut object = self.inner.serialize_struct(name, 1)?;
        object.serialize_field(self.tag, variant)?;
        object.end()
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields<S::SerializeStruct>, S::Error> {
        let mut object = self.inner.serialize_struct(name, len + 1)?;
        object.serialize_field(self.tag, variant)?;
        Ok(Fields(object))
    }

    fn serialize_bool(self, _: bool) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a boolean"))
    }
    fn serialize_i8(self, _: i8) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_i16(self, _: i16) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_i32(self, _: i32) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_i64(self, _: i64) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_u8(self, _: u8) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_u16(self, _: u16) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_u32(self, _: u32) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_u64(self, _: u64) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_f32(self, _: f32) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_f64(self, _: f64) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a number"))
    }
    fn serialize_char(self, _: char) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a character"))
    }
    fn serialize_str(self, _: &str) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a string"))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("bytes"))
    }
    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("an option"))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("an option"))
    }
    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a unit"))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a unit struct"))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a newtype struct"))
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(Self::not_a_variant("a newtype variant"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Err(Self::not_a_variant("a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, S::Error> {
        Err(Self::not_a_variant("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        Err(Self::not_a_variant("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        Err(Self::not_a_variant("a tuple variant"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        Err(Self::not_a_variant("a map"))
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        Err(Self::not_a_variant("a struct"))
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::{Read, deserialize_or_none};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(remote = "Self", rename_all = "snake_case")]
    enum Shape {
        Dot,
        Line {
            from: u32,
            to: u32,
        },
        Label {
            text: String,
            #[serde(default)]
            bold: bool,
        },
    }
    super::impl_tag_first!(Shape, "kind");

    /// A [`Shape`] or `{"kind": "none"}`.
    #[derive(Debug, PartialEq)]
    struct Maybe(Option<Shape>);

    impl<'de> Deserialize<'de> for Maybe {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Ok(Self(match deserialize_or_none(d, "none")? {
                Read::None => None,
                Read::Variant(shape) => Some(shape),
            }))
        }
    }

    fn parse(json: &str) -> Result<Shape, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn writes_the_tag_first_then_the_fields() {
        assert_eq!(
            serde_json::to_string(&Shape::Line { from: 1, to: 2 }).unwrap(),
            r#"{"kind":"line","from":1,"to":2}"#
        );
        assert_eq!(
            serde_json::to_string(&Shape::Dot).unwrap(),
            r#"{"kind":"dot"}"#
        );
    }

    #[test]
    fn reads_back_what_it_writes() {
        for value in [
            Shape::Dot,
            Shape::Line { from: 3, to: 4 },
            Shape::Label {
                text: "a \"b\" \\ é 中".into(),
                bold: true,
            },
        ] {
            let json = serde_json::to_string(&value).unwrap();
            assert_eq!(parse(&json).unwrap(), value, "{json}");
        }
    }

    #[test]
    fn key_order_does_not_change_what_is_read() {
        assert_eq!(
            parse(r#"{"to": 2, "kind": "line", "from": 1}"#).unwrap(),
            Shape::Line { from: 1, to: 2 }
        );
        assert_eq!(
            parse(r#"{"text": "say \"hi\"\n", "kind": "label"}"#).unwrap(),
            Shape::Label {
                text: "say \"hi\"\n".into(),
                bold: false
            }
        );
        assert_eq!(
            parse(r#"{"extra": [1, {"a": null}], "kind": "dot"}"#).unwrap(),
            Shape::Dot
        );
    }

    #[test]
    fn the_none_variant_reads_as_none_where_asked_for() {
        let maybe = |json| serde_json::from_str::<Maybe>(json).unwrap();
        assert_eq!(maybe(r#"{"kind": "none"}"#), Maybe(None));
        assert_eq!(maybe(r#"{"x": 1, "kind": "none"}"#), Maybe(None));
        assert_eq!(maybe(r#"{"kind": "dot"}"#), Maybe(Some(Shape::Dot)));
        let err = parse(r#"{"kind": "none"}"#).expect_err("none is no shape");
        assert!(err.to_string().contains("unknown variant `none`"), "{err}");
    }

    #[test]
    fn refuses_what_is_not_a_tagged_object() {
        for (json, says) in [
            ("{}", "missing field `kind`"),
            (r#"{"from": 1}"#, "missing field `kind`"),
            (r#"{"kind": "circle"}"#, "unknown variant `circle`"),
            (r#"{"kind": "line", "from": 1}"#, "missing field `to`"),
            (r#"{"kind": 3}"#, "invalid type"),
            ("[]", "invalid type"),
        ] {
            let err = parse(json).expect_err(json).to_string();
            assert!(err.contains(says), "{json}: {err}");
        }
    }
}
