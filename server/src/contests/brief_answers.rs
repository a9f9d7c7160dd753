//! Stored brief answers, for contests and projects alike: one row per answered
//! question, lists kept as JSON text so both engines store them the same way.
//!
//! The two kinds differ only in their table and column names ([`AnswerTable`]); the
//! callers map [`StoredAnswer`] to their own API shape.

use sqlx::{Any, AnyConnection, Executor};

use super::brief::{CleanAnswer, SliderValue};

/// Where one kind of brief keeps its answers. Every name is a constant of the code.
#[derive(Debug, Clone, Copy)]
pub struct AnswerTable {
    pub table: &'static str,
    /// The column naming the contest or project the brief belongs to.
    pub owner: &'static str,
    /// The column naming the question, and the questions' table (for their order).
    pub question: &'static str,
    pub questions: &'static str,
}

pub const CONTEST: AnswerTable = AnswerTable {
    table: "contest_brief_answer",
    owner: "contest_id",
    question: "contest_type_question_id",
    questions: "contest_type_question",
};

pub const PROJECT: AnswerTable = AnswerTable {
    table: "project_brief_answer",
    owner: "project_id",
    question: "project_question_id",
    questions: "project_question",
};

/// One stored answer, in question order when read.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAnswer {
    pub question_id: i64,
    pub form_field_type_id: i64,
    pub answer: Option<String>,
    pub answer_options: Vec<i64>,
    pub answer_slider_options: Vec<SliderValue>,
    pub answer_file_ids: Vec<i64>,
}

/// Replaces the stored brief of `owner_id` with `answers`.
pub async fn replace(
    conn: &mut AnyConnection,
    t: AnswerTable,
    owner_id: i64,
    answers: &[CleanAnswer],
) -> Result<(), sqlx::Error> {
    let AnswerTable { table, owner, question, .. } = t;
    sqlx::query(&format!("DELETE FROM {table} WHERE {owner} = $1")).bind(owner_id).execute(&mut *conn).await?;
    for a in answers {
        sqlx::query(&format!(
            "INSERT INTO {table} ({owner}, {question}, form_field_type_id, answer, answer_options, \
             answer_slider_options, answer_file_ids) VALUES ($1, $2, $3, $4, $5, $6, $7)"
        ))
        .bind(owner_id)
        .bind(a.question_id)
        .bind(a.field_type)
        .bind(a.answer.as_deref())
        .bind(json(&a.options))
        .bind(json(&a.sliders))
        .bind(json(&a.files))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The stored brief of `owner_id`, in the questions' order.
pub async fn read<'c>(
    db: impl Executor<'c, Database = Any>,
    t: AnswerTable,
    owner_id: i64,
) -> Result<Vec<StoredAnswer>, sqlx::Error> {
    let AnswerTable { table, owner, question, questions } = t;
    let rows: Vec<(i64, i64, Option<String>, String, String, String)> = sqlx::query_as(&format!(
        "SELECT a.{question}, a.form_field_type_id, a.answer, a.answer_options, a.answer_slider_options, \
         a.answer_file_ids FROM {table} a JOIN {questions} q ON q.id = a.{question} WHERE a.{owner} = $1 \
         ORDER BY q.position"
    ))
    .bind(owner_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(question_id, form_field_type_id, answer, options, sliders, files)| StoredAnswer {
            question_id,
            form_field_type_id,
            answer,
            answer_options: serde_json::from_str(&options).unwrap_or_default(),
            answer_slider_options: serde_json::from_str(&sliders).unwrap_or_default(),
            answer_file_ids: serde_json::from_str(&files).unwrap_or_default(),
        })
        .collect())
}

/// JSON text of a list stored in a TEXT column.
fn json<T: serde::Serialize>(list: &[T]) -> String {
    serde_json::to_string(list).unwrap_or_else(|_| "[]".into())
}
