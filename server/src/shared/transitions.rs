//! State machines written down (issue #51): each area that has statuses keeps one table of
//! the moves it allows, [`Machine`], and its handlers ask the table instead of checking
//! statuses on their own. The tables are `entries::transitions`, `contests::transitions`,
//! `projects::transitions`, `bids::transitions` and `commerce::tips::TIP`; docs/states.md
//! writes them out with the specification's status names.
//!
//! A row says: `action`, taken by one of `by`, moves a record in one of `from` to `to`.
//! A status missing from every row's `from` for an action is a refusal (409 in the area's
//! words); an actor missing from `by` is a 403.

/// Who takes an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// Staff.
    Admin,
    /// The client who holds the contest or owns the project (the tipping client for tips).
    Owner,
    /// The designer of the entry or the bid (the winner, the assigned designer).
    Designer,
    /// The server on its own: a deadline's timer, a settled payment, a court's judgment.
    System,
}

impl Actor {
    pub fn name(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Owner => "owner",
            Self::Designer => "designer",
            Self::System => "system",
        }
    }
}

/// One allowed move.
#[derive(Debug, Clone, Copy)]
pub struct Transition<S: 'static, A: 'static> {
    pub action: A,
    pub from: &'static [S],
    pub to: S,
    pub by: &'static [Actor],
}

/// An area's table of allowed moves.
#[derive(Debug, Clone, Copy)]
pub struct Machine<S: 'static, A: 'static>(pub &'static [Transition<S, A>]);

impl<S: Copy + PartialEq, A: Copy + PartialEq> Machine<S, A> {
    pub fn rows(&self) -> &'static [Transition<S, A>] {
        self.0
    }

    /// Where `action` takes a record in `from`: None when the table has no such move.
    pub fn next(&self, action: A, from: S) -> Option<S> {
        self.0.iter().find(|t| t.action == action && t.from.contains(&from)).map(|t| t.to)
    }

    /// Whether `actor` may take `action` at all (from some status).
    pub fn may(&self, action: A, actor: Actor) -> bool {
        self.0.iter().any(|t| t.action == action && t.by.contains(&actor))
    }

    /// Whether the table moves `from` to `to` by `action` for `actor`.
    pub fn allows(&self, action: A, from: S, to: S, actor: Actor) -> bool {
        self.0.iter().any(|t| t.action == action && t.from.contains(&from) && t.to == to && t.by.contains(&actor))
    }

    /// The action of `actor`'s that moves `from` to `to`, if the table has one.
    pub fn action_for(&self, from: S, to: S, actor: Actor) -> Option<A> {
        self.0.iter().find(|t| t.from.contains(&from) && t.to == to && t.by.contains(&actor)).map(|t| t.action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Light {
        Red,
        Green,
        Off,
    }

    const LIGHT: Machine<Light, &str> = Machine(&[
        Transition { action: "go", from: &[Light::Red], to: Light::Green, by: &[Actor::System] },
        Transition { action: "stop", from: &[Light::Green], to: Light::Red, by: &[Actor::System, Actor::Admin] },
        Transition { action: "off", from: &[Light::Red, Light::Green], to: Light::Off, by: &[Actor::Admin] },
    ]);

    #[test]
    fn a_table_answers_moves_and_who_makes_them() {
        assert_eq!(LIGHT.next("go", Light::Red), Some(Light::Green));
        assert_eq!(LIGHT.next("go", Light::Green), None);
        assert_eq!(LIGHT.next("off", Light::Off), None);
        assert!(LIGHT.may("off", Actor::Admin) && !LIGHT.may("off", Actor::Owner));
        assert!(LIGHT.allows("stop", Light::Green, Light::Red, Actor::Admin));
        assert!(!LIGHT.allows("stop", Light::Red, Light::Red, Actor::Admin));
        assert_eq!(LIGHT.action_for(Light::Green, Light::Off, Actor::Admin), Some("off"));
        assert_eq!(LIGHT.action_for(Light::Green, Light::Off, Actor::System), None);
    }
}
