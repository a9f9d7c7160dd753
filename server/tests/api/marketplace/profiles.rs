//! Designers' profiles: information with its expansions, the statistics choosing the
//! modal's tabs, winnings with the client's rating (and the average of them), settings
//! for the user themself and admins only.

use serde_json::json;

use super::{finished, listed};
use crate::commerce::assert_refused;

#[tokio::test]
async fn the_profile_shows_experience_statistics_and_rated_winnings() {
    let app = crate::helpers::spawn_app().await;
    let f = finished(&app, "prf").await;
    listed(&app, &f.seller, f.entry, 40).await;
    let (_, reader) = app.client_session("prfreader").await;

    let info = app
        .get(
            &format!(
                "/users/{}/profile-information?include=cover_pic,average_rating,experience,qualifications",
                f.winner_id
            ),
            Some(&reader),
        )
        .await;
    assert_eq!(info.status, 200, "{}", info.body);
    let d = &info.body["data"];
    assert_eq!(
        (
            d["average_rating"].as_f64(),
            d["won_contests_count"].as_i64(),
            d["entries_count"].as_i64(),
            d["unique_client_count"].as_i64()
        ),
        (Some(4.0), Some(1), Some(1), Some(1))
    );
    assert_eq!(d["repeat_client_count"], 0);
    assert!(d.get("email").is_none(), "private fields stay private: {d}");
    let plain = app.get(&format!("/users/{}/profile-information", f.winner_id), Some(&reader)).await;
    assert!(plain.body["data"].get("average_rating").is_none(), "{}", plain.body);
    app.get(&format!("/users/{}/profile-information?include=salary", f.winner_id), Some(&reader))
        .await
        .assert_error(422, "validation.exists");
    // Anonymous visitors may view profiles (contests doc, section 5): the public part.
    let anonymous = app.get(&format!("/users/{}/profile-information?include=experience", f.winner_id), None).await;
    assert_eq!(anonymous.status, 200, "{}", anonymous.body);
    assert_eq!(anonymous.body["data"]["won_contests_count"], 1);
    assert!(anonymous.body["data"].get("email").is_none(), "{}", anonymous.body);

    let stats = app.get(&format!("/users/{}/profile-statistics", f.seller_id), Some(&reader)).await;
    assert_eq!(stats.body["data"], json!({"portfolio_count": 0, "marketplace_count": 1, "wining_count": 0}));
    let stats = app.get(&format!("/users/{}/profile-statistics", f.winner_id), Some(&reader)).await;
    assert_eq!(stats.body["data"]["wining_count"], 1);
    app.get(&format!("/users/{}/profile-statistics", f.holder_id), Some(&reader))
        .await
        .assert_error(403, "designer.only");

    let winnings = app.get(&format!("/users/{}/winnings?sort=-rating", f.winner_id), Some(&reader)).await;
    assert_eq!(winnings.status, 200, "{}", winnings.body);
    let w = &winnings.body["data"][0];
    assert_eq!(
        (w["rating"].as_i64(), w["contest"]["id"].as_i64(), w["created_by_user"]["id"].as_i64()),
        (Some(4), Some(f.contest), Some(f.holder_id))
    );
    assert!(w["contest_entry"]["files"]["full_path"].as_str().is_some(), "{w}");
    let refused = app.get(&format!("/users/{}/winnings?sort=likes", f.winner_id), Some(&reader)).await;
    assert_eq!(refused.field_code("sort"), "winnings.sort", "{}", refused.body);
    let none = app.get(&format!("/users/{}/winnings", f.seller_id), Some(&reader)).await;
    assert_eq!(none.body["total"], 0);
}

#[tokio::test]
async fn settings_are_the_users_own_and_pictures_must_be_their_images() {
    let app = crate::helpers::spawn_app().await;
    let (designer_id, designer) = crate::entries::designer(&app, "setdes", 3).await;
    let (_, client) = app.client_session("setclient").await;
    let (_, admin) = app.admin_session("setadmin").await;
    let path = format!("/users/{designer_id}/settings");

    let mine = app.get(&path, Some(&designer)).await;
    assert_eq!(mine.body["data"]["language"], "en", "{}", mine.body);
    assert_refused(&app.get(&path, Some(&client)).await, 403, "auth.forbidden", "Access Denied");
    assert_refused(&app.put(&path, &json!({"language": "es"}), &client).await, 403, "auth.forbidden", "Access Denied");

    let bad = app.put(&path, &json!({"language": "fr"}), &designer).await;
    assert_eq!(bad.field_code("language"), "validation.exists", "{}", bad.body);
    // Another user's upload is not theirs to show.
    let someone_elses = crate::entries::upload_png(&app, &client, 5).await;
    let refused = app.put(&path, &json!({"profile_picture_file_id": someone_elses}), &designer).await;
    assert_eq!(refused.field_code("profile_picture_file_id"), "validation.exists", "{}", refused.body);
    assert_eq!(app.get(&path, Some(&designer)).await.body["data"]["profile_picture"], json!(null), "nothing changed");

    let picture = crate::entries::upload_png(&app, &designer, 5).await;
    let cover = crate::entries::upload_png(&app, &designer, 5).await;
    let saved = app
        .put(&path, &json!({"language": "es", "profile_picture_file_id": picture, "cover_pic_file_id": cover, "receives_newsletter": 0}), &designer)
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(saved.body["data"]["profile_picture"]["full_path"], format!("/files/{picture}/content"));
    assert_eq!(saved.body["data"]["receives_newsletter"], 0);
    // The picture and cover are on the profile, readable by every member.
    let info = app.get(&format!("/users/{designer_id}/profile-information?include=cover_pic"), Some(&client)).await;
    assert_eq!(info.body["data"]["cover"]["full_path"], format!("/files/{cover}/content"), "{}", info.body);
    assert_eq!(app.get(&format!("/files/{picture}/content"), Some(&client)).await.status, 200);
    // An admin may change them; 0 removes a picture.
    let removed = app.put(&path, &json!({"cover_pic_file_id": 0}), &admin).await;
    assert_eq!(removed.body["data"]["cover_pic"], json!(null), "{}", removed.body);
}

#[tokio::test]
async fn the_theme_is_one_of_a_to_h_default_a_and_only_its_user_and_admins_change_it() {
    let app = crate::helpers::spawn_app().await;
    let (client_id, client) = app.client_session("themeclient").await;
    let (_, other) = app.client_session("themeother").await;
    let (_, admin) = app.admin_session("themeadmin").await;
    let path = format!("/users/{client_id}/settings");
    assert_eq!(app.get(&path, Some(&client)).await.body["data"]["theme"], "A", "the default");
    assert_refused(&app.put(&path, &json!({"theme": "C"}), &other).await, 403, "auth.forbidden", "Access Denied");
    for bad in ["I", "a", "", "AB"] {
        let refused = app.put(&path, &json!({"theme": bad}), &client).await;
        assert_eq!(refused.field_code("theme"), "validation.exists", "{bad}: {}", refused.body);
    }
    let saved = app.put(&path, &json!({"theme": "H"}), &client).await;
    assert_eq!((saved.status.as_u16(), saved.body["data"]["theme"].as_str()), (200, Some("H")), "{}", saved.body);
    // Other settings leave it as it is; an admin may change it.
    app.put(&path, &json!({"language": "es"}), &client).await;
    assert_eq!(app.get(&path, Some(&client)).await.body["data"]["theme"], "H");
    let by_admin = app.put(&path, &json!({"theme": "B"}), &admin).await;
    assert_eq!(by_admin.body["data"]["theme"], "B", "{}", by_admin.body);
}

#[tokio::test]
async fn anonymous_visitors_read_a_designers_profile_but_not_its_private_parts_nor_change_it() {
    let app = crate::helpers::spawn_app().await;
    let f = finished(&app, "anon").await;
    listed(&app, &f.seller, f.entry, 40).await;
    // A blind contest: its entries are the holder's and their designers' to see, so what a
    // visitor reads below is read because the profile shows it.
    crate::entries::make_blind(&app, f.contest).await;
    let (client_id, client) = app.client_session("anonclient").await;
    let picture = crate::entries::upload_png(&app, &f.winner, 5).await;
    let settings = format!("/users/{}/settings", f.winner_id);
    let saved = app.put(&settings, &json!({"profile_picture_file_id": picture}), &f.winner).await;
    assert_eq!(saved.status, 200, "{}", saved.body);

    // Every read behind the profile modal answers a visitor who is not signed in.
    let info = app
        .get(
            &format!(
                "/users/{}/profile-information?include=cover_pic,average_rating,experience,qualifications",
                f.winner_id
            ),
            None,
        )
        .await;
    assert_eq!(info.status, 200, "{}", info.body);
    let d = &info.body["data"];
    assert_eq!((d["username"].as_str(), d["average_rating"].as_f64()), (Some("anonwin"), Some(4.0)), "{d}");
    for private in ["email", "phone", "paypal_email"] {
        assert!(d.get(private).is_none() && d["detail"].get(private).is_none(), "{private} is private: {d}");
    }
    let stats = app.get(&format!("/users/{}/profile-statistics", f.seller_id), None).await;
    assert_eq!(
        stats.body["data"],
        json!({"portfolio_count": 0, "marketplace_count": 1, "wining_count": 0}),
        "{}",
        stats.body
    );
    let winnings = app.get(&format!("/users/{}/winnings", f.winner_id), None).await;
    assert_eq!((winnings.status.as_u16(), winnings.body["total"].as_i64()), (200, Some(1)), "{}", winnings.body);
    // The winning entry of the blind contest is not for sale: its image stays its holder's and
    // designer's, a visitor is asked to sign in and another member refused.
    let won = winnings.body["data"][0]["contest_entry"]["files"]["full_path"].as_str().unwrap().to_owned();
    app.get(&won, None).await.assert_error(401, "auth.unauthenticated");
    app.get(&won, Some(&client)).await.assert_error(403, "auth.forbidden");
    assert_eq!(app.get(&won, Some(&f.winner)).await.status, 200);
    let portfolio = app.get(&format!("/users/{}/portfolios", f.winner_id), None).await;
    assert_eq!(portfolio.status, 200, "{}", portfolio.body);
    for path in ["portfolios/categories", "portfolios/like-rating-stats", "marketplace-categories"] {
        let answer = app.get(&format!("/users/{}/{path}", f.seller_id), None).await;
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    }
    let for_sale = app.get(&format!("/users/{}/marketplace-entries", f.seller_id), None).await;
    assert_eq!(for_sale.body["total"], 1, "{}", for_sale.body);
    // The pictures it shows: the profile picture and the entry for sale.
    assert_eq!(app.get(&format!("/files/{picture}/content"), None).await.status, 200);
    let image = for_sale.body["data"][0]["entry"]["files"]["full_path"].as_str().unwrap().to_owned();
    assert_eq!(app.get(&image, None).await.status, 200);
    // Not someone's private upload, and not whether a file exists.
    let private = crate::entries::upload_png(&app, &client, 5).await;
    app.get(&format!("/files/{private}/content"), None).await.assert_error(401, "auth.unauthenticated");
    app.get(&format!("/files/{private}/content"), Some(&f.winner)).await.assert_error(403, "auth.forbidden");
    app.get(&format!("/files/{}/content", private + 1000), None).await.assert_error(401, "auth.unauthenticated");
    app.get(&format!("/files/{}/content", private + 1000), Some(&client)).await.assert_error(404, "file.not_found");
    // A client's profile is for members (designers' are public): a visitor is asked to sign in.
    for member in [f.holder_id, client_id] {
        let path = format!("/users/{member}/profile-information");
        app.get(&path, None).await.assert_error(401, "auth.unauthenticated");
        let read = app.get(&path, Some(&f.winner)).await;
        assert_eq!((read.status.as_u16(), read.body["data"]["id"].as_i64()), (200, Some(member)), "{}", read.body);
    }
    // Statistics are a designer's: a client has none, as for members.
    app.get(&format!("/users/{}/profile-statistics", f.holder_id), None).await.assert_error(403, "designer.only");

    // Writes still need the owner (or an admin).
    app.send_json(reqwest::Method::PUT, &settings, &json!({"language": "es"}), None)
        .await
        .assert_error(401, "auth.unauthenticated");
    assert_refused(
        &app.put(&settings, &json!({"language": "es"}), &client).await,
        403,
        "auth.forbidden",
        "Access Denied",
    );
    let item = json!({"title": "Not mine", "file_id": private});
    let path = format!("/users/{}/portfolios", f.winner_id);
    app.send_json(reqwest::Method::POST, &path, &item, None).await.assert_error(401, "auth.unauthenticated");
    app.send_json(reqwest::Method::POST, &path, &item, Some(&client)).await.assert_error(403, "designer.self_only");
    app.get(&settings, None).await.assert_error(401, "auth.unauthenticated");

    // A deactivated designer's profile is gone for visitors and members, not for admins.
    let deactivated = app
        .send_json(
            reqwest::Method::PUT,
            &format!("/users/{}/statuses", f.seller_id),
            &json!({"is_active": 0}),
            Some(&f.admin),
        )
        .await;
    assert_eq!(deactivated.status, 200, "{}", deactivated.body);
    for token in [None, Some(client.as_str())] {
        app.get(&format!("/users/{}/marketplace-entries", f.seller_id), token)
            .await
            .assert_error(404, "user.not_found");
        app.get(&format!("/users/{}/portfolios", f.seller_id), token).await.assert_error(404, "user.not_found");
    }
    assert_eq!(app.get(&format!("/users/{}/portfolios", f.seller_id), Some(&f.admin)).await.status, 200);
}
