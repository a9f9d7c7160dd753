//! The close codes of RFC 6455 for messages the server refuses to read, every time: a
//! close frame with the code reaches the client (not a reset, not a close without status).

use tokio_tungstenite::tungstenite::{
    protocol::frame::{
        coding::{Data, OpCode},
        Frame,
    },
    Message,
};
use vitrine_protocol::{close_code, limits::MAX_MESSAGE_BYTES};

use super::{client::WsClient, fixtures::spawn_hub};

/// Times each case runs: the bug this guards against (a reset racing the close frame) was
/// intermittent.
const ROUNDS: usize = 20;

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_closes_with_1007_every_time() {
    let app = spawn_hub().await;
    for round in 0..ROUNDS {
        let mut client = WsClient::anonymous(&app).await;
        let invalid = vec![b'{', 0xC3, 0x28, 0xFF, b'}'];
        client.send_message(Message::Frame(Frame::message(invalid, OpCode::Data(Data::Text), true))).await;
        assert_eq!(client.expect_close().await, Some(close_code::INVALID_PAYLOAD), "round {round}");
    }
}

#[tokio::test]
async fn a_message_over_1_mib_closes_with_1009_every_time() {
    let app = spawn_hub().await;
    for round in 0..ROUNDS {
        let mut client = WsClient::anonymous(&app).await;
        client.send_message(Message::text("x".repeat(MAX_MESSAGE_BYTES + 1))).await;
        assert_eq!(client.expect_close().await, Some(close_code::FRAME_TOO_LARGE), "round {round}");
    }
}

/// Sizes just past the message limit and well past it. The one just past was the case a
/// reset still broke for some clients; the largest is still being sent when the close
/// frame goes out.
const OVERSIZED: [usize; 4] = [MAX_MESSAGE_BYTES + 1, MAX_MESSAGE_BYTES + 1000, 2 * MAX_MESSAGE_BYTES, 4 << 20];

#[tokio::test]
async fn a_message_of_any_size_past_the_limit_reads_1009_with_its_reason() {
    let app = spawn_hub().await;
    let expected = Some((close_code::FRAME_TOO_LARGE, close_code::reason(close_code::FRAME_TOO_LARGE).to_owned()));
    for size in OVERSIZED {
        for round in 0..5 {
            let mut client = WsClient::anonymous(&app).await;
            client.send_message(Message::text("x".repeat(size))).await;
            assert_eq!(client.expect_close_frame().await, expected, "{size} bytes, round {round}");
        }
    }
}
