//! Any bytes from a server, under any status and content type, split anywhere, over several
//! attempts: the HTTP exchange never panics, never asks for more attempts than its settings
//! allow, never retries once text was handed out, never lets the API key into an error, and
//! the text a stream hands out is exactly the finished reply's text.
#![no_main]

use clarify_core::exchange::{ClientSettings, Endpoint, Exchange, ResponseHead, Transport};
use clarify_core::{ChatRequest, Message, Purpose, Role};
use libfuzzer_sys::fuzz_target;

const KEY: &str = "sk-fuzz-5ecret";

fuzz_target!(|data: &[u8]| {
    let Some((&control, mut rest)) = data.split_first() else {
        return;
    };
    let stream = control & 1 == 1;
    let request = ChatRequest {
        purpose: Purpose::Generation,
        messages: vec![Message::new(Role::User, "Say OK.")],
        response_format: None,
        max_tokens: Some(64),
        temperature: None,
        stream,
    };
    let endpoint = Endpoint {
        url: "http://127.0.0.1:1/v1".into(),
        model: "m".into(),
        api_key: Some(KEY.into()),
        profile: None,
    };
    let settings = ClientSettings {
        max_body_bytes: 4096,
        max_error_body_bytes: 256,
        ..ClientSettings::default()
    };
    let mut exchange = Exchange::new(&request, &endpoint, settings);
    let mut handed_out = false;
    for _ in 0..=settings.attempts {
        assert!(exchange.attempt() <= settings.attempts, "attempts are bounded");
        let Some((&shape, tail)) = rest.split_first() else {
            return;
        };
        rest = tail;
        if shape & 0x0f == 0x0f {
            let error = exchange.fail(Transport::Unreachable("refused".into()));
            assert!(!error.to_string().contains(KEY));
            match error.retry_in_ms {
                Some(_) => continue,
                None => return,
            }
        }
        exchange.head(head(shape, &mut rest));
        let mut pieces = String::new();
        let mut outcome = None;
        while let Some((&len, tail)) = rest.split_first() {
            let take = usize::from(len).min(tail.len());
            let (chunk, after) = tail.split_at(take);
            rest = after;
            match exchange.body(chunk) {
                Ok(text) => pieces.extend(text),
                Err(e) => {
                    outcome = Some(Err(e));
                    break;
                }
            }
            if exchange.is_complete() || take == 0 {
                break;
            }
        }
        handed_out |= !pieces.is_empty();
        let outcome = outcome.unwrap_or_else(|| exchange.end());
        match outcome {
            Ok(finished) => {
                pieces.push_str(finished.tail.as_deref().unwrap_or_default());
                if stream {
                    assert_eq!(pieces, finished.reply.text, "the pieces are the reply");
                }
                return;
            }
            Err(error) => {
                assert!(!error.to_string().contains(KEY), "no key in an error");
                if handed_out {
                    assert_eq!(error.retry_in_ms, None, "no retry once text was shown");
                }
                if error.retry_in_ms.is_none() {
                    return;
                }
            }
        }
    }
});

/// A response head from one control byte: a status among those servers send (and any other),
/// a content type, and a `Retry-After` taken from the input.
fn head(shape: u8, rest: &mut &[u8]) -> ResponseHead {
    let status = match shape >> 4 {
        0..=5 => 200,
        6 => 400,
        7 => 401,
        8 => 404,
        9 => 429,
        10 => 500,
        11 => 503,
        12 => 204,
        13 => 302,
        _ => u16::from(shape) * 3,
    };
    let content_type = match shape & 0x07 {
        0 | 1 => Some("application/json".to_owned()),
        2 | 3 => Some("text/event-stream; charset=utf-8".to_owned()),
        4 => Some("text/html".to_owned()),
        _ => None,
    };
    let retry_after = (shape & 0x08 != 0).then(|| {
        let n = rest.len().min(8);
        let (value, after) = rest.split_at(n);
        *rest = after;
        String::from_utf8_lossy(value).into_owned()
    });
    ResponseHead {
        status,
        content_type,
        retry_after,
    }
}
