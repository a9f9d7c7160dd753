//! `WakeGate`: polls a source of the session loop only after that source's own waker fired.
//!
//! The loop wakes once per queued delivery, and `tokio::select!` then polls every branch
//! that is not ready: each delivery also polled the socket's read half (tungstenite zeroes
//! its read window before every read attempt, and the read readiness is checked through two
//! locks) and the heartbeat timer. In a fan-out profile those polls were a fifth of the
//! server's user time. A gate hands the source a waker of its own, remembers whether it
//! fired since the source last answered `Pending`, and otherwise answers `Pending` at once,
//! as `FuturesUnordered` does for its futures.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    task::{Context, Poll, Wake, Waker},
};

use futures::task::AtomicWaker;

struct Flag {
    /// The source woke (or has not been polled yet, or last answered `Ready`).
    woken: AtomicBool,
    /// The session task, to wake when the source does.
    task: AtomicWaker,
}

impl Wake for Flag {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::Release);
        self.task.wake();
    }
}

pub struct WakeGate {
    flag: Arc<Flag>,
    /// Handed to the source; wakes the flag, then the task.
    waker: Waker,
}

impl WakeGate {
    pub fn new() -> Self {
        let flag = Arc::new(Flag { woken: AtomicBool::new(true), task: AtomicWaker::new() });
        let waker = Waker::from(Arc::clone(&flag));
        Self { flag, waker }
    }

    /// Polls the source through `poll` if it woke since it last answered `Pending`.
    pub fn poll<T>(&self, cx: &mut Context<'_>, poll: impl FnOnce(&mut Context<'_>) -> Poll<T>) -> Poll<T> {
        // Register first: a wake between the swap below and the source's poll sets the
        // flag again and wakes this task, so nothing is missed.
        self.flag.task.register(cx.waker());
        if !self.flag.woken.swap(false, Ordering::AcqRel) {
            return Poll::Pending;
        }
        let ready = poll(&mut Context::from_waker(&self.waker));
        if ready.is_ready() {
            // A source that answered may have more at hand without waking again (frames
            // already buffered, a timer tick already due): poll it next time too.
            self.flag.woken.store(true, Ordering::Release);
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use futures::task::noop_waker;

    use super::*;

    /// A source that is ready when `ready` says so, and keeps the last waker it was given.
    struct Source {
        polls: AtomicUsize,
        ready: AtomicBool,
        waker: std::sync::Mutex<Option<Waker>>,
    }

    impl Source {
        fn poll(&self, cx: &mut Context<'_>) -> Poll<()> {
            self.polls.fetch_add(1, Ordering::SeqCst);
            if self.ready.swap(false, Ordering::SeqCst) {
                return Poll::Ready(());
            }
            *self.waker.lock().unwrap() = Some(cx.waker().clone());
            Poll::Pending
        }
    }

    #[test]
    fn a_source_is_polled_again_only_after_it_woke_or_answered() {
        let gate = WakeGate::new();
        let source =
            Source { polls: AtomicUsize::new(0), ready: AtomicBool::new(false), waker: std::sync::Mutex::new(None) };
        let task = noop_waker();
        let mut cx = Context::from_waker(&task);

        // First poll goes through and finds nothing.
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_pending());
        assert_eq!(source.polls.load(Ordering::SeqCst), 1);
        // Not woken: the source is not asked again.
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_pending());
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_pending());
        assert_eq!(source.polls.load(Ordering::SeqCst), 1);

        // It wakes with something ready: the next poll reaches it and gets it.
        source.ready.store(true, Ordering::SeqCst);
        source.waker.lock().unwrap().take().expect("the source kept the gate's waker").wake();
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_ready());
        assert_eq!(source.polls.load(Ordering::SeqCst), 2);
        // After an answer it is asked once more even without a wake (it may hold more).
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_pending());
        assert_eq!(source.polls.load(Ordering::SeqCst), 3);
        assert!(gate.poll(&mut cx, |cx| source.poll(cx)).is_pending());
        assert_eq!(source.polls.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn a_wake_reaches_the_task_that_polled_last() {
        struct Count(AtomicUsize);
        impl Wake for Count {
            fn wake(self: Arc<Self>) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let gate = WakeGate::new();
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let task = Waker::from(Arc::clone(&count));
        let mut kept = None;
        let _ = gate.poll(&mut Context::from_waker(&task), |cx| {
            kept = Some(cx.waker().clone());
            Poll::<()>::Pending
        });
        kept.expect("the source saw a waker").wake();
        assert_eq!(count.0.load(Ordering::SeqCst), 1);
    }
}
