//! The launch brief: the payload of section 3 and the validation rules of section 5.
//!
//! Answers are keyed by question id. Each question of the contest type is checked
//! against its field type: required text, select and radio need a non-blank value;
//! required checkbox, image checkbox and slider need at least one option; a required
//! multiselect needs one value ('Required Field'); a required file question needs one
//! file. Option ids must belong to the question, slider values lie in 0-100.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    catalogue::FieldType,
    error::{codes, FieldErrors},
};

/// One answer as the client sends it.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
pub struct AnswerInput {
    /// The question's id.
    pub id: i64,
    pub answer: Option<String>,
    #[serde(default)]
    pub answer_options: Vec<i64>,
    #[serde(default)]
    pub answer_slider_options: Vec<SliderValue>,
    #[serde(default)]
    pub answer_file_ids: Vec<i64>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
pub struct SliderValue {
    /// The slider option's id.
    pub id: i64,
    /// 0 to 100; 50 when untouched.
    pub value: i64,
}

/// A brief question with what validation needs of it.
#[derive(Debug, Clone)]
pub struct QuestionRule {
    pub id: i64,
    pub field_type: i64,
    pub required: bool,
    pub is_title: bool,
    pub is_description: bool,
    pub option_ids: HashSet<i64>,
}

/// A validated answer, ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct CleanAnswer {
    pub question_id: i64,
    pub field_type: i64,
    pub answer: Option<String>,
    pub options: Vec<i64>,
    pub sliders: Vec<SliderValue>,
    pub files: Vec<i64>,
}

pub const SLIDER_MIN: i64 = 0;
pub const SLIDER_MAX: i64 = 100;
const MAX_ANSWER_CHARS: usize = 10_000;

/// Checks `answers` against the type's questions. Unknown question ids are errors;
/// unanswered optional questions are simply absent from the result.
pub fn check(questions: &[QuestionRule], answers: &[AnswerInput], errors: &mut FieldErrors) -> Vec<CleanAnswer> {
    check_keyed("contest_type_questions", questions, answers, errors)
}

/// [`check`] with errors reported under `{key}.{question id}`: project briefs send
/// the same answers as `project_questions`.
pub fn check_keyed(
    key: &str,
    questions: &[QuestionRule],
    answers: &[AnswerInput],
    errors: &mut FieldErrors,
) -> Vec<CleanAnswer> {
    let field = |question_id: i64| format!("{key}.{question_id}");
    let known: HashMap<i64, &QuestionRule> = questions.iter().map(|q| (q.id, q)).collect();
    let mut given: HashMap<i64, &AnswerInput> = HashMap::new();
    for answer in answers {
        if !known.contains_key(&answer.id) {
            errors.add(&field(answer.id), codes::NOT_FOUND_OPTION);
        } else {
            given.insert(answer.id, answer);
        }
    }
    let mut clean = Vec::new();
    for question in questions {
        let key = field(question.id);
        let answer = given.get(&question.id);
        let text = answer.and_then(|a| a.answer.as_deref()).map(str::trim).filter(|t| !t.is_empty());
        let options: Vec<i64> = answer.map(|a| a.answer_options.clone()).unwrap_or_default();
        let sliders: Vec<SliderValue> = answer.map(|a| a.answer_slider_options.clone()).unwrap_or_default();
        let files: Vec<i64> = answer.map(|a| a.answer_file_ids.clone()).unwrap_or_default();

        if options.iter().chain(sliders.iter().map(|s| &s.id)).any(|id| !question.option_ids.contains(id)) {
            errors.add(&key, codes::NOT_FOUND_OPTION);
            continue;
        }
        if sliders.iter().any(|s| !(SLIDER_MIN..=SLIDER_MAX).contains(&s.value)) {
            errors.add(&key, codes::SLIDER_RANGE);
            continue;
        }
        if text.is_some_and(|t| t.chars().count() > MAX_ANSWER_CHARS) {
            errors.add(&key, codes::TOO_LONG);
            continue;
        }
        let field_type = question.field_type;
        let missing = match field_type {
            t if t == FieldType::Html as i64 => false,
            t if t == FieldType::Checkbox as i64 || t == FieldType::ImageCheckbox as i64 => options.is_empty(),
            t if t == FieldType::Multiselect as i64 => options.is_empty(),
            t if t == FieldType::Slider as i64 => sliders.is_empty(),
            t if t == FieldType::File as i64 => files.is_empty(),
            // text, radio, select, textarea, date, rating: a value. A radio or
            // select may carry its choice as an option id instead of text.
            _ => text.is_none() && options.is_empty(),
        };
        if question.required && missing {
            let code =
                if field_type == FieldType::Multiselect as i64 { codes::REQUIRED_FIELD } else { codes::REQUIRED };
            errors.add(&key, code);
            continue;
        }
        if missing || field_type == FieldType::Html as i64 {
            continue;
        }
        clean.push(CleanAnswer {
            question_id: question.id,
            field_type,
            answer: text.map(str::to_owned),
            options,
            sliders,
            files,
        });
    }
    clean
}

/// The contest title from the brief: the answer to the question flagged `is_title`.
pub fn title_from(questions: &[QuestionRule], answers: &[CleanAnswer]) -> Option<String> {
    flagged_answer(questions, answers, |q| q.is_title)
}

/// The contest description: the answer to the question flagged `is_description`.
pub fn description_from(questions: &[QuestionRule], answers: &[CleanAnswer]) -> Option<String> {
    flagged_answer(questions, answers, |q| q.is_description)
}

fn flagged_answer(
    questions: &[QuestionRule],
    answers: &[CleanAnswer],
    flag: impl Fn(&QuestionRule) -> bool,
) -> Option<String> {
    let question = questions.iter().find(|q| flag(q))?;
    answers.iter().find(|a| a.question_id == question.id)?.answer.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(id: i64, field_type: FieldType, required: bool, options: &[i64]) -> QuestionRule {
        QuestionRule {
            id,
            field_type: field_type as i64,
            required,
            is_title: id == 1,
            is_description: false,
            option_ids: options.iter().copied().collect(),
        }
    }

    fn answer(id: i64) -> AnswerInput {
        AnswerInput { id, ..Default::default() }
    }

    #[test]
    fn required_questions_report_the_specification_messages() {
        let questions = [
            question(1, FieldType::Text, true, &[]),
            question(2, FieldType::Checkbox, true, &[21]),
            question(3, FieldType::Multiselect, true, &[31]),
            question(4, FieldType::Slider, true, &[41]),
            question(5, FieldType::File, true, &[]),
            question(6, FieldType::Select, true, &[61]),
            question(7, FieldType::Textarea, false, &[]),
        ];
        let mut errors = FieldErrors::new();
        let clean = check(&questions, &[answer(1)], &mut errors);
        assert!(clean.is_empty());
        let json = serde_json::to_value(&errors).unwrap();
        assert_eq!(json["contest_type_questions.1"][0]["message"], "This field is required");
        assert_eq!(json["contest_type_questions.3"][0]["message"], "Required Field");
        for id in [2, 4, 5, 6] {
            assert!(errors.has(&format!("contest_type_questions.{id}")), "{id}");
        }
        assert!(!errors.has("contest_type_questions.7"), "optional questions are unchecked");
    }

    #[test]
    fn options_must_belong_to_their_question_and_sliders_stay_in_range() {
        let questions = [question(2, FieldType::Checkbox, false, &[21]), question(4, FieldType::Slider, false, &[41])];
        let mut errors = FieldErrors::new();
        let answers = [
            AnswerInput { answer_options: vec![99], ..answer(2) },
            AnswerInput { answer_slider_options: vec![SliderValue { id: 41, value: 101 }], ..answer(4) },
            answer(555),
        ];
        check(&questions, &answers, &mut errors);
        let json = serde_json::to_value(&errors).unwrap();
        assert_eq!(json["contest_type_questions.2"][0]["code"], "validation.exists");
        assert_eq!(json["contest_type_questions.4"][0]["code"], "slider.between");
        assert_eq!(json["contest_type_questions.555"][0]["code"], "validation.exists");
    }

    #[test]
    fn a_complete_brief_yields_clean_answers_and_a_title() {
        let questions = [question(1, FieldType::Text, true, &[]), question(4, FieldType::Slider, true, &[41])];
        let mut errors = FieldErrors::new();
        let answers = [
            AnswerInput { answer: Some("  Bright Bean  ".into()), ..answer(1) },
            AnswerInput { answer_slider_options: vec![SliderValue { id: 41, value: 50 }], ..answer(4) },
        ];
        let clean = check(&questions, &answers, &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(clean.len(), 2);
        assert_eq!(title_from(&questions, &clean).as_deref(), Some("Bright Bean"));
    }
}
