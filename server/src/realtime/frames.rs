//! What travels between the hub and a connection's writer, and the close signal.

use std::{
    collections::VecDeque,
    sync::{
        atomic::{AtomicBool, AtomicU16, Ordering},
        Arc, Mutex, MutexGuard, OnceLock, PoisonError,
    },
    task::{Context, Poll},
};

use axum::extract::ws::{Message, Utf8Bytes};
use bytes::Bytes;
use futures::task::AtomicWaker;
use vitrine_protocol::{Encoding, EventFrame, ServerFrame};

/// An event on its way to many sockets: each encoding's message is built once, by
/// the first subscriber that needs it, and cloned (a refcount) for every other.
#[derive(Debug)]
pub struct SharedEvent {
    pub frame: EventFrame,
    json: OnceLock<Utf8Bytes>,
    msgpack: OnceLock<Bytes>,
}

impl SharedEvent {
    pub fn new(frame: EventFrame) -> Arc<Self> {
        Arc::new(Self { frame, json: OnceLock::new(), msgpack: OnceLock::new() })
    }

    pub fn message(&self, encoding: Encoding) -> Message {
        match encoding {
            Encoding::Json => Message::Text(
                self.json
                    .get_or_init(|| {
                        // serde_json output is UTF-8 by construction.
                        Utf8Bytes::try_from(Bytes::from(self.frame.encode(Encoding::Json))).unwrap_or_default()
                    })
                    .clone(),
            ),
            Encoding::Msgpack => {
                Message::Binary(self.msgpack.get_or_init(|| Bytes::from(self.frame.encode(Encoding::Msgpack))).clone())
            }
        }
    }
}

/// One item of a connection's outbound queue.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A channel event, shared with every other subscriber.
    Event(Arc<SharedEvent>),
    /// A frame for this connection alone, or a small broadcast (presence, signal).
    Frame(Arc<ServerFrame>),
}

/// A connection's outbound queue: the hub offers without waiting, the connection's task
/// takes. A lock around a deque rather than a bounded mpsc: the mpsc's permit semaphore
/// (an atomic on offer, a lock on every receive) stood at the top of the broadcast
/// profile, and it allocated its first block of slots for every idle connection.
#[derive(Debug)]
pub struct OutboundQueue {
    items: Mutex<VecDeque<Outbound>>,
    capacity: usize,
    /// The connection's task, woken when the queue stops being empty.
    waiter: AtomicWaker,
    /// The connection has ended: offers are refused.
    closed: AtomicBool,
}

/// What became of an offer.
#[derive(Debug, PartialEq, Eq)]
pub enum Offered {
    Queued,
    /// The queue holds `capacity` items: the reader is too slow.
    Full,
    /// The connection has ended.
    Closed,
}

impl OutboundQueue {
    pub fn new(capacity: usize) -> Self {
        Self {
            items: Mutex::new(VecDeque::new()),
            capacity: capacity.max(1),
            waiter: AtomicWaker::new(),
            closed: AtomicBool::new(false),
        }
    }

    fn items(&self) -> MutexGuard<'_, VecDeque<Outbound>> {
        // Nothing panics while holding the lock; a poisoned deque is still a deque.
        self.items.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn offer(&self, item: Outbound) -> Offered {
        if self.closed.load(Ordering::Acquire) {
            return Offered::Closed;
        }
        let mut items = self.items();
        if items.len() >= self.capacity {
            return Offered::Full;
        }
        let was_empty = items.is_empty();
        items.push_back(item);
        drop(items);
        // The reader looks until the queue is empty before it waits again, so only the
        // first item after that needs to wake it.
        if was_empty {
            self.waiter.wake();
        }
        Offered::Queued
    }

    /// The next item, or None when the queue is empty now.
    pub fn try_take(&self) -> Option<Outbound> {
        self.items().pop_front()
    }

    /// Waits for the next item. One task at a time may wait.
    pub async fn take(&self) -> Outbound {
        std::future::poll_fn(|cx| {
            // Register before looking: an offer after the look then finds the waker.
            self.waiter.register(cx.waker());
            match self.try_take() {
                Some(item) => Poll::Ready(item),
                None => Poll::Pending,
            }
        })
        .await
    }

    /// Refuses further offers and drops what is queued (the connection has ended).
    pub fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.items().clear();
    }
}

/// A request to close a connection, raised from outside its task (slow consumer,
/// token revoked, server restarting). The first code wins.
///
/// One task waits on it, the connection's own, and polls it once per delivery: an
/// `AtomicWaker` costs a compare-and-swap there, where a `Notify` took its waiter lock.
#[derive(Debug, Default)]
pub struct CloseSignal {
    code: AtomicU16,
    waiter: AtomicWaker,
}

impl CloseSignal {
    pub fn raise(&self, code: u16) {
        if self.code.compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            self.waiter.wake();
        }
    }

    fn poll_raised(&self, cx: &mut Context<'_>) -> Poll<u16> {
        let code = self.code.load(Ordering::Acquire);
        if code != 0 {
            return Poll::Ready(code);
        }
        self.waiter.register(cx.waker());
        // Raised between the load and the registration: its wake may have found no waker.
        match self.code.load(Ordering::Acquire) {
            0 => Poll::Pending,
            code => Poll::Ready(code),
        }
    }

    /// Completes with the close code once one is raised. One task at a time may wait.
    pub async fn raised(&self) -> u16 {
        std::future::poll_fn(|cx| self.poll_raised(cx)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Outbound {
        Outbound::Frame(Arc::new(ServerFrame::Pong))
    }

    #[tokio::test]
    async fn the_queue_keeps_order_refuses_past_capacity_and_after_close() {
        let queue = Arc::new(OutboundQueue::new(2));
        let waiting = tokio::spawn({
            let queue = Arc::clone(&queue);
            async move {
                let first = queue.take().await;
                (first, queue.try_take(), queue.try_take())
            }
        });
        tokio::task::yield_now().await;
        let first = Arc::new(ServerFrame::Pong);
        assert_eq!(queue.offer(Outbound::Frame(Arc::clone(&first))), Offered::Queued);
        let (taken, _, _) = tokio::time::timeout(std::time::Duration::from_secs(5), waiting)
            .await
            .expect("the waiting task woke")
            .expect("it did not panic");
        assert!(matches!(taken, Outbound::Frame(f) if Arc::ptr_eq(&f, &first)));

        assert_eq!(queue.offer(frame()), Offered::Queued);
        assert_eq!(queue.offer(frame()), Offered::Queued);
        assert_eq!(queue.offer(frame()), Offered::Full, "two is the capacity");
        assert!(queue.try_take().is_some());
        assert_eq!(queue.offer(frame()), Offered::Queued, "room again once one was taken");
        queue.close();
        assert_eq!(queue.offer(frame()), Offered::Closed);
        assert!(queue.try_take().is_none(), "closing drops what was queued");
    }

    #[tokio::test]
    async fn the_first_code_raised_wakes_the_waiting_task_and_wins() {
        let signal = Arc::new(CloseSignal::default());
        let waiting = tokio::spawn({
            let signal = Arc::clone(&signal);
            async move { signal.raised().await }
        });
        tokio::task::yield_now().await;
        signal.raise(4008);
        signal.raise(1012);
        let code = tokio::time::timeout(std::time::Duration::from_secs(5), waiting).await;
        assert_eq!(code.expect("the waiting task woke").expect("it did not panic"), 4008);
        assert_eq!(signal.raised().await, 4008, "a later wait sees the code at once");
    }
}
