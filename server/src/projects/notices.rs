//! The project notification types 11-22 (projects doc, section 9 numbers them
//! "project events" without naming them; these are ours). Areas write them with
//! [`notify`](crate::notifications::notify) inside the transaction of the change.

use crate::notifications::NotificationType;

/// 11: a designer bid on the client's project.
pub const NEW_BID: NotificationType = NotificationType::Project(11);
/// 12: a message in a bid discussion, for the other party.
pub const BID_COMMENT: NotificationType = NotificationType::Project(12);
/// 13: the client invited the designer to their project.
pub const INVITED: NotificationType = NotificationType::Project(13);
/// 14: the designer's bid was approved.
pub const BID_APPROVED: NotificationType = NotificationType::Project(14);
/// 15: the project moved to another status (owner and approved designer).
pub const STATUS_CHANGED: NotificationType = NotificationType::Project(15);
/// 16: the assigned designer posted an update on the project (its owner).
pub const UPDATE_POSTED: NotificationType = NotificationType::Project(16);
/// 17: a comment on an update, for the other party.
pub const UPDATE_COMMENT: NotificationType = NotificationType::Project(17);
/// 18: the budget was increased (the approved designer).
pub const BUDGET_INCREASED: NotificationType = NotificationType::Project(18);
/// 19: a bid on the client's project was withdrawn.
pub const BID_WITHDRAWN: NotificationType = NotificationType::Project(19);
/// 20: a comment on the project's own thread in its workroom, for the other party.
pub const PROJECT_COMMENT: NotificationType = NotificationType::Project(20);
/// 21: the designer delivered the final files.
pub const ARTWORKS_UPLOADED: NotificationType = NotificationType::Project(21);
/// 22: the client finalized the project.
pub const FINALIZED: NotificationType = NotificationType::Project(22);
