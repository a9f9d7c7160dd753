//! Brief questions' rules and stored brief answers, for contests and projects alike:
//! one row per answered question, lists kept as JSON text so both engines store them
//! the same way.
//!
//! The two kinds differ only in their table and column names ([`BriefTables`]); the
//! callers map [`StoredAnswer`] to their own API shape.

use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;

use crate::{
    catalogue::FieldType,
    contests::brief::{CleanAnswer, QuestionRule, SliderValue},
};

/// Where one kind of brief keeps its questions and answers. Every name is a constant
/// of the code, never input.
#[derive(Debug, Clone, Copy)]
pub struct BriefTables {
    /// The answers' table, and its column naming the contest or project answered.
    pub table: &'static str,
    pub owner: &'static str,
    /// The questions' table, and the column naming the kind of brief they belong to
    /// (contest type, project category).
    pub questions: &'static str,
    pub questions_of: &'static str,
    /// The options' table; `question` names the question in it and in the answers.
    pub options: &'static str,
    pub question: &'static str,
}

pub const CONTEST: BriefTables = BriefTables {
    table: "contest_brief_answer",
    owner: "contest_id",
    questions: "contest_type_question",
    questions_of: "contest_type_id",
    options: "contest_type_question_option",
    question: "contest_type_question_id",
};

pub const PROJECT: BriefTables = BriefTables {
    table: "project_brief_answer",
    owner: "project_id",
    questions: "project_question",
    questions_of: "project_category_id",
    options: "project_question_option",
    question: "project_question_id",
};

/// The rules of the questions of brief kind `of_id` (a contest type, a project
/// category) in order, each with its title; empty when the kind is unknown.
pub async fn question_rules(
    conn: &mut AnyConnection,
    t: BriefTables,
    of_id: i64,
) -> Result<Vec<(QuestionRule, String)>, sqlx::Error> {
    let BriefTables { questions, questions_of, options, question, .. } = t;
    let rows: Vec<(i64, i64, i64, i64, i64, String)> = sqlx::query_as(&format!(
        "SELECT id, form_field_type_id, is_required, is_title, is_description, title FROM {questions} \
         WHERE {questions_of} = $1 ORDER BY position"
    ))
    .bind(of_id)
    .fetch_all(&mut *conn)
    .await?;
    let option_ids: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT o.{question}, o.id FROM {options} o JOIN {questions} q ON q.id = o.{question} \
         WHERE q.{questions_of} = $1"
    ))
    .bind(of_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, field_type, required, is_title, is_description, title)| {
            let rule = QuestionRule {
                id,
                field_type,
                required: required != 0,
                is_title: is_title != 0,
                is_description: is_description != 0,
                option_ids: option_ids.iter().filter(|(q, _)| *q == id).map(|(_, o)| *o).collect(),
            };
            (rule, title)
        })
        .collect())
}

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
    t: BriefTables,
    owner_id: i64,
    answers: &[CleanAnswer],
) -> Result<(), sqlx::Error> {
    let BriefTables { table, owner, question, .. } = t;
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
    t: BriefTables,
    owner_id: i64,
) -> Result<Vec<StoredAnswer>, sqlx::Error> {
    let BriefTables { table, owner, question, questions, .. } = t;
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

/// (created_by, status_id, is_private, answer_file_ids) of the file answers of the
/// contests `owner_id` created.
#[instrument(skip_all, fields(owner_id))]
pub async fn file_answers_of<'c>(
    db: impl Executor<'c, Database = Any>,
    owner_id: i64,
) -> Result<Vec<(i64, i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.created_by, c.status_id, c.is_private, a.answer_file_ids FROM contest_brief_answer a \
         JOIN contest c ON c.id = a.contest_id WHERE c.created_by = $1 AND a.form_field_type_id = $2",
    )
    .bind(owner_id)
    .bind(FieldType::File as i64)
    .fetch_all(db)
    .await
}
