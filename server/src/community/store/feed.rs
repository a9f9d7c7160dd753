//! SQL of the community feed: activities as the feed shows them.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::accounts::model::FilePath;
use crate::community::activity::ActivityType;

/// What every designer and client may see: contests public, non-blind and started;
/// entries not withdrawn; showcases not hidden by an admin.
const VISIBLE: &str = "(a.contest_id IS NULL OR (c.is_private = 0 AND c.is_blind = 0 AND c.status_id >= 2)) \
    AND (a.contest_entry_id IS NULL OR e.status_id <> 3) \
    AND (a.external_showcase_id IS NULL OR s.is_hidden = 0)";

const FROM: &str = "FROM community_activity a JOIN app_user u ON u.id = a.app_user_id \
    LEFT JOIN contest c ON c.id = a.contest_id LEFT JOIN contest_type t ON t.id = c.contest_type_id \
    LEFT JOIN contest_entry e ON e.id = a.contest_entry_id LEFT JOIN app_user d ON d.id = e.created_by \
    LEFT JOIN external_showcase s ON s.id = a.external_showcase_id";

const SELECT: &str = "SELECT a.id, a.activity_type_id, a.created_at, u.id AS user_id, u.username, u.name, \
    u.profile_picture, u.user_type_id, u.creative_level_id, a.contest_id, c.title AS contest_title, \
    t.title AS contest_type_title, a.contest_entry_id, e.number AS entry_number, d.id AS designer_id, \
    d.username AS designer_username, \
    (SELECT f.file_id FROM contest_entry_file f WHERE f.contest_entry_id = e.id AND f.kind = 1 \
     ORDER BY f.version DESC, f.id DESC LIMIT 1) AS entry_file_id, \
    a.external_showcase_id, s.title AS showcase_title, s.file_id AS showcase_file_id";

#[derive(Debug, sqlx::FromRow)]
pub struct FeedRow {
    pub id: i64,
    pub activity_type_id: i64,
    pub created_at: i64,
    pub user_id: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<String>,
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
    pub contest_id: Option<i64>,
    pub contest_title: Option<String>,
    pub contest_type_title: Option<String>,
    pub contest_entry_id: Option<i64>,
    pub entry_number: Option<i64>,
    pub designer_id: Option<i64>,
    pub designer_username: Option<String>,
    pub entry_file_id: Option<i64>,
    pub external_showcase_id: Option<i64>,
    pub showcase_title: Option<String>,
    pub showcase_file_id: Option<i64>,
}

/// Who did it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub profile_picture: Option<FilePath>,
    /// 2 client, 3 designer.
    pub user_type_id: i64,
    pub creative_level_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityContest {
    pub id: i64,
    pub title: String,
    pub contest_type_title: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityEntry {
    pub id: i64,
    pub number: i64,
    /// The entry's designer.
    pub created_by_user: ActivityDesigner,
    /// The entry's main image (`GET /files/{id}/content`).
    pub files: Option<FilePath>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityDesigner {
    pub id: i64,
    pub username: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityShowcase {
    pub id: i64,
    pub title: String,
    pub file: Option<FilePath>,
}

/// One item of the community feed (and the `community.activity` event).
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityView {
    pub id: i64,
    /// 1 entry submitted, 2 winner awarded, 3 showcase added, 4 entry liked.
    pub activity_type_id: i64,
    /// `entry.created`, `entry.won`, `showcase.created` or `entry.liked`.
    #[serde(rename = "type")]
    pub kind: String,
    pub created_at: i64,
    pub user: ActivityUser,
    pub contest: Option<ActivityContest>,
    pub entry: Option<ActivityEntry>,
    pub showcase: Option<ActivityShowcase>,
}

fn file(id: i64) -> FilePath {
    FilePath { full_path: format!("/files/{id}/content") }
}

impl From<FeedRow> for ActivityView {
    fn from(r: FeedRow) -> Self {
        let contest = match (r.contest_id, r.contest_title, r.contest_type_title) {
            (Some(id), Some(title), Some(contest_type_title)) => {
                Some(ActivityContest { id, title, contest_type_title })
            }
            _ => None,
        };
        let entry = match (r.contest_entry_id, r.entry_number, r.designer_id, r.designer_username) {
            (Some(id), Some(number), Some(designer), Some(username)) => Some(ActivityEntry {
                id,
                number,
                created_by_user: ActivityDesigner { id: designer, username },
                files: r.entry_file_id.map(file),
            }),
            _ => None,
        };
        let showcase = match (r.external_showcase_id, r.showcase_title) {
            (Some(id), Some(title)) => Some(ActivityShowcase { id, title, file: r.showcase_file_id.map(file) }),
            _ => None,
        };
        Self {
            id: r.id,
            activity_type_id: r.activity_type_id,
            kind: ActivityType::name_of(r.activity_type_id).to_owned(),
            created_at: r.created_at,
            user: ActivityUser {
                id: r.user_id,
                username: r.username,
                name: r.name,
                profile_picture: r.profile_picture.map(|full_path| FilePath { full_path }),
                user_type_id: r.user_type_id,
                creative_level_id: r.creative_level_id,
            },
            contest,
            entry,
            showcase,
        }
    }
}

/// Activity `id` as the feed shows it; None when the feed may not show it.
pub async fn find(conn: &mut AnyConnection, id: i64) -> Result<Option<ActivityView>, sqlx::Error> {
    let row: Option<FeedRow> = sqlx::query_as(&format!("{SELECT} {FROM} WHERE a.id = $1 AND {VISIBLE}"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row.map(ActivityView::from))
}

/// One page of the feed, newest first, of activities older than `before` (an id; all
/// when None), and how many there are in all below `before`.
pub async fn page(
    conn: &mut AnyConnection,
    before: Option<i64>,
    page: i64,
    per_page: i64,
) -> Result<(Vec<ActivityView>, i64), sqlx::Error> {
    let before = before.unwrap_or(i64::MAX);
    let rows: Vec<FeedRow> =
        sqlx::query_as(&format!("{SELECT} {FROM} WHERE a.id < $1 AND {VISIBLE} ORDER BY a.id DESC LIMIT $2 OFFSET $3"))
            .bind(before)
            .bind(per_page)
            .bind((page - 1) * per_page)
            .fetch_all(&mut *conn)
            .await?;
    let total = sqlx::query_scalar(&format!("SELECT COUNT(*) {FROM} WHERE a.id < $1 AND {VISIBLE}"))
        .bind(before)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows.into_iter().map(ActivityView::from).collect(), total))
}
