//! The JSON the API and the events show of a contest's comments and image tags; who
//! wrote them and reactions are the thread model's ([`crate::threads::model`]).

crate::comment_view! {
    /// A comment on a contest's board (`contest_entry_id` null) or on an entry.
    CommentView { contest_id, contest_entry_id }
}

crate::image_tag_view! {
    /// A point on an entry's image with a note.
    ImageTagView { contest_entry_id }
}
