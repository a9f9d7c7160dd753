//! The error codes (the specifications' "error catalogue"): every stable code the API
//! answers with, and its message.
//!
//! Codes and messages come from the error catalogues of both specification
//! documents where they exist there; the rest follow the same `area.reason` shape.
//! Clients map codes to their own texts, so a code never changes meaning.

/// One error code: a stable code and its default English message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub message: &'static str,
}

macro_rules! codes {
    ($($name:ident = $code:literal, $message:literal;)*) => {
        $(pub const $name: Code = Code { code: $code, message: $message };)*
        /// Every entry, for documentation and the uniqueness test.
        pub const ALL: &[Code] = &[$($name),*];
    };
}

codes! {
    // Sign-in and tokens (contests document, section 8).
    INVALID_CREDENTIALS = "oauth.invalid_credentials", "Please check your username and password and try again.";
    USER_INACTIVE = "auth.user.inactive", "Your account is deactivated. Please contact support.";
    UNAUTHORIZED_ACCESS = "oauth.unauthorized_access", "Sorry, something went wrong!";
    UNSUPPORTED_GRANT = "oauth.unsupported_grant_type", "The grant type is not supported; use password.";
    UNAUTHENTICATED = "auth.unauthenticated", "Please log in to continue.";
    FORBIDDEN = "auth.forbidden", "Access Denied";
    RESET_LINK_EXPIRED = "auth.reset_password.link_expired", "This link has expired.";
    RESET_LINK_INVALID = "auth.reset_password.link_invalid", "This link is not valid.";
    GUID_INVALID = "auth.guid.invalid", "This sign-in link is not valid.";
    GUID_USED = "auth.guid.used", "This sign-in link has already been used. Ask for a new one.";
    GUID_EXPIRED = "auth.guid.expired", "This sign-in link has expired. Ask for a new one.";
    THROTTLED = "auth.throttled", "Too many failed sign-ins for this account.";
    // Abuse limits (shared::limits); the answer's message adds the wait in seconds.
    RATE_LIMITED = "rate.limited", "Too many requests.";

    // Field rules (contests section 5, projects section 5).
    REQUIRED = "validation.required", "This field is required";
    EMAIL_REQUIRED = "email.required", "Required";
    EMAIL_FORMAT = "validation.email", "This field must be a valid email address";
    USERNAME_FORMAT = "username.format", "Please Enter Valid Username.";
    USERNAME_ALPHA_DASH = "username.alpha_dash", "The username may only contain letters, numbers, dashes and underscores";
    USERNAME_MAX = "username.max", "Your username should be no longer than 20 characters.";
    USERNAME_UNIQUE = "username.unique", "That username is already in use.";
    EMAIL_UNIQUE = "email.unique", "That email is already associated with an account.";
    EMAIL_NOT_FOUND = "email.exists", "Sorry. We could not find your email account.";
    PASSWORD_LENGTH = "password.between", "Password must be 8-128 characters long.";
    PASSWORD_CONFIRMATION = "password.confirmed", "Your passwords do not match";
    TERMS_REQUIRED = "agree_terms.accepted", "Please accept terms";
    AGE_REQUIRED = "agree_age_requirements.accepted", "Please accept age requirements";
    USER_TYPE_INVALID = "user_type_id.in", "Sign-up is open to clients (2) and designers (3) only.";
    NOT_FOUND_OPTION = "validation.exists", "The selected value does not exist.";
    STATE_NOT_IN_COUNTRY = "state_id.country", "The selected state is not in the selected country.";
    TOO_LONG = "validation.max", "This value is too long.";
    NAME_INVALID_CHARACTERS = "name.invalid_characters", "Names may not contain control, text-direction or invisible characters.";

    // Requests the server could not read at all.
    BODY_INVALID = "request.body_invalid", "The request body could not be read.";
    QUERY_INVALID = "request.query_invalid", "The query string could not be read.";
    PATH_INVALID = "request.path_invalid", "The address contains an invalid value.";
    VALIDATION_FAILED = "validation.failed", "The given data was invalid.";

    // Resources.
    ROUTE_NOT_FOUND = "route.not_found", "Resource Not Found";
    USER_NOT_FOUND = "user.not_found", "User ID not found";
    COUNTRY_NOT_FOUND = "country.not_found", "Resource Not Found";
    METHOD_NOT_ALLOWED = "route.method_not_allowed", "This method is not allowed here.";
    CONTEST_TYPE_NOT_FOUND = "contest_type.not_found", "That is not a valid type of contest.";

    // The hub's HTTP side (the WebSocket's own codes live in vitrine_protocol::ErrorCode).
    WS_UPGRADE_REQUIRED = "ws.upgrade_required", "This address speaks WebSocket only.";
    WS_SUBPROTOCOL = "ws.subprotocol", "Unsupported subprotocol; offer v1.json or v1.msgpack.";
    WS_TOO_MANY_CONNECTIONS = "ws.too_many_connections", "Too many open connections for this account.";
    WS_TOKEN_IN_URL = "ws.token_in_url", "The access token may not travel in the URL; send it as the vitrine.bearer.<token> subprotocol or in an Authorization header.";
    PUBLISH_DISABLED = "publish.disabled", "The publish API is not enabled on this server.";
    PUBLISH_BATCH_SIZE = "publish.batch_size", "Send between 1 and 1000 publications.";
    CHANNEL_INVALID = "channel.invalid", "That is not a valid channel name.";
    CHANNEL_FORBIDDEN = "channel.forbidden", "You may not read this channel.";

    // Contests (contests doc, sections 5, 6 and 8).
    REQUIRED_FIELD = "validation.required_field", "Required Field";
    SLIDER_RANGE = "slider.between", "Choose a value between 0 and 100.";
    CONTEST_LAUNCH_FORBIDDEN = "contest.launch.forbidden", "You do not have the correct account type to launch a contest.";
    CONTEST_NOT_FOUND = "contest.not_found", "Resource Not Found";
    CONTEST_NOT_OWNER = "contest.edit.forbidden", "Only the contest's creator may change it.";
    QUICK_CHAT_NOT_FOUND = "quick_chat.not_found", "This quick-start chat was not found.";
    QUICK_CHAT_FORBIDDEN = "quick_chat.forbidden", "This quick-start chat belongs to another account.";
    CONTEST_STARTED = "contest.already_started", "This contest has started and can no longer be changed this way.";
    CONTEST_STATUS_CHANGE = "contest.status.invalid", "That status change is not allowed.";
    CONTEST_NOT_ACTIVE = "contest.not_active", "You can't upload the entry since contest is not started and running.";
    CONTEST_LIST_UNKNOWN = "contest.list.unknown", "There is no such contest list.";
    CONTEST_REQUEST_PENDING = "contest.request.exists", "A start request is already pending or active.";
    CONTEST_REQUEST_EXTRAS = "contest.request.extras_unpaid", "A free start covers the package only: untick the paid upgrades and length, or pay to launch with them.";
    EXTEND_DAYS = "days.between", "Choose between 1 and 10 days.";

    // Uploaded files and their downloads.
    FILE_CATEGORY_INVALID = "file_category_id.in", "The selected file category is not valid.";
    FILE_TYPE_INVALID = "file.type_invalid", "This type of file is not allowed here.";
    FILE_EMPTY = "file.empty", "The file is empty.";
    FILES_MAX = "files.max", "At most 20 files may be uploaded at once.";
    FILE_PIXELS = "file.too_many_pixels", "The pictures of one upload may hold at most 100 megapixels together.";
    FILE_TOO_LARGE = "file.too_large", "The upload is too large.";
    FILE_NOT_FOUND = "file.not_found", "File not found";
    DOWNLOAD_TOKEN_INVALID = "file.download_token_invalid", "This download link is not valid or has expired.";
    FILE_LINK_INVALID = "file.link_invalid", "This picture link is not valid or has expired.";
    FILE_LINKS_MAX = "ids.max", "Ask for the links of at most 100 files at once.";

    // Entries (anchor: entries area adds its codes below this line).
    ENTRY_NOT_FOUND = "contest.entry.not_found", "Resource Not Found";
    ENTRY_DESIGNERS_ONLY = "contest.entry.designers_only", "Only designers may submit entries.";
    ENTRY_DESIGNER_BLOCKED = "contest.entry.designer_blocked", "The contest holder has blocked you from this contest.";
    ENTRY_LIMIT_REACHED = "contest.entry.limit_reached", "Bronze designers may submit at most 3 entries per contest.";
    ENTRY_WITHDRAW_CLOSED = "contest.entry.withdraw.closed", "Entries can be withdrawn only while the contest is running.";
    ENTRY_NOT_DESIGNER = "contest.entry.not_designer", "Only the entry's designer may do this.";
    ENTRY_NOT_ACTIVE = "contest.entry.not_active", "This entry has been eliminated or withdrawn.";
    ENTRY_LOCKED = "contest.entry.locked", "Entries can no longer be changed at this stage of the contest.";
    ENTRY_SORT_FORBIDDEN = "sort.rating_forbidden", "Only the contest holder may sort entries by rating.";
    ENTRY_STATUS_INVALID = "status.in", "The status must be active or eliminated.";
    RATING_RANGE = "rating.between", "The rating must be between 1 and 5.";
    AWARD_NOT_OPEN = "contest.award.not_open", "A winner can only be awarded while the contest is running or deciding.";
    ARTWORK_NOT_WINNER = "contest.entry.artwork.not_winner", "Only the winning designer may upload the final files.";
    ARTWORK_NOT_OPEN = "contest.entry.artwork.not_open", "Final files can't be uploaded at this stage of the contest.";
    ARTWORK_ALREADY_UPLOADED = "contest.entry.artwork.file.already_uploaded", "A file has already been uploaded.";
    ARTWORK_ACCEPT_FORBIDDEN = "contest.artwork.accept.forbidden", "Only the contest holder may accept the final files.";
    ARTWORK_NOT_DELIVERED = "contest.artwork.not_delivered", "The final files have not been delivered yet.";
    ARTWORK_ALREADY_ACCEPTED = "contest.artwork.already_accepted", "The final files have already been accepted.";
    ADDITIONAL_NOT_OPEN = "contest.additional_entry.not_open", "Additional designs can be bought once the submission period is over.";
    ADDITIONAL_WINNER = "contest.additional_entry.winner", "The winning design is already yours; choose another entry.";
    ADDITIONAL_EXISTS = "contest.additional_entry.exists", "You have already bought this design.";
    ADDITIONAL_NOT_FOUND = "contest.additional_entry.not_found", "Resource Not Found";
    ADDITIONAL_STATUS_CHANGE = "contest.additional_entry.status_change", "The additional design can't move to that status from where it is.";
    ADDITIONAL_NOT_PAID = "contest.additional_entry.not_paid", "Final files can be uploaded once the design is paid for.";
    REPORT_FORBIDDEN = "contest.entry.report.forbidden", "The contest holder and the entry's designer may not report it.";
    REPORT_EXISTS = "contest.entry.report.exists", "This entry has already been reported";
    REPORT_SAME_ENTRY = "copied_entry_id.different", "Copy entry is same as report entry";

    // The design court (contests doc, sections 6 and 7; messages from the projects doc, section 8).
    COURT_FORBIDDEN = "court.forbidden", "The design court is for Gold Level Creatives and admins only.";
    COURT_VOTE_ADMIN = "court.vote.admin", "Admins make the final judgment; they do not vote.";
    COURT_VOTE_PARTY = "court.vote.party", "The reported designer, the reporter and the copied entry's designer may not vote on this report.";
    COURT_VOTE_EXISTS = "court.vote.exists", "You have already voted on this report.";
    COURT_ALREADY_JUDGED = "court.judgement.made", "Voting unsuccessful as judgement is already made";
    COURT_JUDGMENT_ADMIN = "court.judgement.admin_only", "Only admins make the final judgment on reported entries.";
    COURT_JUDGMENT_EXISTS = "court.judgement.exists", "This report has already been judged.";
    REPORT_NOT_FOUND = "contest.entry.report.not_found", "Resource Not Found";
    REPORT_STATUS_IN = "filter.status.in", "Report statuses are 1 (open), 2 (copied) and 3 (not copied).";
    VOTE_IN = "vote.in", "Vote 1 (copied) or 2 (not copied).";
    JUDGMENT_IN = "judgment.in", "Judge 1 (copied: the entry is eliminated) or 2 (not copied: the report is closed).";

    // Comments, reactions, image tags (anchor: comments area adds its codes below this line).
    COMMENT_NOT_FOUND = "comment.not_found", "Resource Not Found";
    COMMENT_DELETE_FORBIDDEN = "comment.delete.forbidden", "Only the comment's author, the contest holder or an admin may delete it.";
    REACTION_FORBIDDEN = "reaction.forbidden", "Liking is for designers and clients only.";
    EMOJI_REACTION_INVALID = "emoji_reaction_id.in", "That is not a valid reaction.";
    IMAGE_TAG_NOT_FOUND = "image_tag.not_found", "Resource Not Found";
    IMAGE_TAG_FORBIDDEN = "image_tag.forbidden", "Only the contest holder and the entry's designer work with image tags.";
    IMAGE_TAG_DELETE_FORBIDDEN = "image_tag.delete.forbidden", "Only the tag's author or an admin may delete it.";
    IMAGE_TAG_COMPLETED = "image_tag.already_completed", "This tag is already completed.";
    POSITION_RANGE = "position.between", "Choose a position between 0 and 1.";

    // Notifications (anchor: notifications area adds its codes below this line).
    NOTIFICATION_MARK_TARGET = "notification.mark.target_required", "Send the ids to mark as read, or mark_all_read 1.";
    NOTIFICATION_IDS_INVALID = "notification.ids.invalid", "ids must be a list of notification ids.";
    NOTIFICATION_ENTITY_REQUIRED = "notification.entity.required", "Send contest_id (with an optional contest_entry_id) or project_id.";
    NOTIFICATION_ENTITY_AMBIGUOUS = "notification.entity.ambiguous", "Send either a contest or a project, not both.";
    NOTIFICATION_TYPE_INVALID = "notification_type_id.in", "Notification types are numbered 1 to 22.";

    // Messages
    MESSAGE_SEND_FORBIDDEN = "message.send.forbidden", "In order to send new messages you must have either a gold or silver level account. Your account level is currently bronze.";
    MESSAGE_USERNAME_NOT_FOUND = "received_by_usernames.exists", "Username not exists.";
    MESSAGE_RECIPIENTS_MAX = "received_by_usernames.max", "Send a message to at most 20 users at once.";
    MESSAGE_TO_SELF = "received_by_usernames.self", "You cannot send a message to yourself.";
    MESSAGE_CONTEST_NOT_OWN_ACTIVE = "contest_id.own_active", "Choose one of your own contests that is accepting entries.";
    MESSAGE_NOT_FOUND = "message.not_found", "Resource Not Found";

    // Projects: catalogue, launch, lifecycle (projects doc, sections 3, 5 and 6).
    PROJECT_LAUNCH_FORBIDDEN = "project.launch.forbidden", "You do not have the correct account type to launch a project.";
    PROJECT_NOT_FOUND = "project.not_found", "Resource Not Found";
    PROJECT_NOT_OWNER = "project.edit.forbidden", "Only the project's owner may change it.";
    PROJECT_STARTED = "project.already_started", "This project has started and can no longer be changed this way.";
    PROJECT_NOT_LIVE = "project.not_live", "This project is not accepting bids.";
    PROJECT_STATUS_IN = "project.status_id.in", "Project statuses are numbered 1 to 6.";
    PROJECT_STATUS_CHANGE = "project.status.invalid", "That status change is not allowed.";
    BUDGET_MIN = "budget.min", "* Please enter a budget greater than or equal to the service minimum";
    BUDGET_MAX = "budget.max", "* Please enter a budget less than or equal to the service maximum";
    BUDGET_NOT_HIGHER = "budget.increase", "The new budget must be greater than the current budget.";
    BUDGET_BEFORE_APPROVAL = "budget.before_approval", "Until a bid is approved the budget is part of the brief: edit the brief to change it, nothing is charged.";
    TIMELINE_IN = "timeline.in", "Choose a timeline of 2, 7, 14 or 30 days, or a start and end date.";
    DATE_FORMAT = "date.format", "Use a date in the form YYYY-MM-DD.";
    TIMELINE_RANGE_ORDER = "timeline_range_end.after", "The end date must be at least one day after the start date.";
    SUBSCRIPTION_REQUIRED = "is_subscription.subscribed", "Only clients with a subscription can add a project to the queue.";
    QUEUE_SUBSCRIBERS_ONLY = "is_added_queue.subscribed", "Only clients with an unlimited contests subscription can add a contest to the queue.";
    PROJECT_CATEGORY_NOT_FOUND = "project_category.not_found", "Resource Not Found";
    PROJECT_SUB_CATEGORY_NOT_FOUND = "project_sub_category.not_found", "Resource Not Found";
    PROJECT_SERVICE_NOT_FOUND = "project_service.not_found", "Resource Not Found";
    SLUG_UNIQUE = "launch_slug.unique", "That slug is already in use.";
    SLUG_FORMAT = "launch_slug.format", "Use lowercase letters, digits and dashes only.";
    CATALOGUE_IN_USE = "project_catalogue.in_use", "This is still used by sub-categories, services or projects.";
    PROJECT_ARTWORK_FORBIDDEN = "project.artwork.forbidden", "Only the designer whose bid was approved may deliver the final files.";
    AMOUNT_ORDER = "maximum_amount.gte", "The maximum amount must be at least the minimum amount.";

    // Bids and their discussions (projects doc, sections 4-6).
    BID_DESIGNERS_ONLY = "bid.designers_only", "Only designers may bid on projects.";
    BID_EXISTS = "bid.exists", "You have already placed a bid on this project.";
    BID_NOT_FOUND = "bid.not_found", "Resource Not Found";
    BID_LIST_FORBIDDEN = "bid.list.forbidden", "Only the project's owner and admins see all of its bids.";
    BID_DELETE_FORBIDDEN = "bid.delete.forbidden", "Only the bidder or an admin may delete a bid.";
    BID_APPROVED = "bid.already_approved", "This bid has been approved and can no longer be withdrawn.";
    BID_AMOUNT_RANGE = "amount.between", "Enter a whole amount between 1 and 1000000.";
    BID_COMMENT_CLOSED = "bid.comment.closed", "A bid can be discussed only while its project is live or paid.";
    BID_COMMENT_BRONZE = "bid.comment.bronze", "Bronze creatives cannot comment on bids.";
    BID_COMMENT_FORBIDDEN = "bid.comment.forbidden", "Only the project's owner and the bidder may comment on a bid.";

    // The workroom of an assigned project: updates and comments (projects doc, section 7).
    PROJECT_ROOM_FORBIDDEN = "project.room.forbidden", "Only the project's owner, its assigned designer and admins see its updates and comments.";
    PROJECT_UNASSIGNED = "project.unassigned", "This project has no assigned designer yet.";
    UPDATE_NOT_FOUND = "project_update.not_found", "Resource Not Found";
    UPDATE_FORBIDDEN = "project_update.forbidden", "Only the project's assigned designer may post updates.";
    UPDATE_CLOSED = "project_update.closed", "Updates can be posted only while the project is active and assigned.";
    UPDATE_OWNER_ONLY = "project_update.owner_only", "Only the project's owner may rate or review an update.";
    UPDATE_STATUS_IN = "project_update.status_id.in", "Update statuses are 1 awaiting review, 2 approved and 3 changes requested.";
    ROOM_PARTIES_ONLY = "project.room.parties_only", "Only the project's owner and its assigned designer may do this.";
    PROJECT_COMMENT_DELETE_FORBIDDEN = "project_comment.delete.forbidden", "Only the comment's author or an admin may delete it.";

    // Designers' preferences and portfolios (projects doc section 6, contests doc section 7).
    DESIGNER_SELF_ONLY = "designer.self_only", "Only the designer themself or an admin may see or change this.";
    DESIGNERS_ONLY = "designer.only", "Only designers have project preferences and portfolios.";
    PORTFOLIO_NOT_FOUND = "portfolio.not_found", "Resource Not Found";
    PREFERENCE_NOT_FOUND = "preference.not_found", "Resource Not Found";
    PREFERENCE_ONE = "preference.one", "Choose one category, sub-category or service.";
    PREFERENCE_IMAGES_SERVICE = "file_ids.service", "Images can be shown with services only.";
    PORTFOLIO_ENTRY_INVALID = "contest_entry_id.portfolio", "Only your own entries in public contests can be added to your portfolio.";
    PORTFOLIO_ENTRY_EXISTS = "contest_entry_id.unique", "This entry is already in your portfolio.";

    // Invites (projects doc, section 4).
    INVITE_FORBIDDEN = "invite.forbidden", "Only the project's owner may invite creatives.";
    INVITE_NOT_CREATIVE = "user_ids.creative", "Only creatives can be invited.";
    INVITE_LIST_UNKNOWN = "invite.suggestions.unknown", "There is no such list of creatives.";

    // Commerce: coupons (contests doc, section 8, verbatim), referrals, subscriptions, cart and tips.
    COUPON_INVALID = "coupon.invalid", "Sorry, that is not a valid code.";
    COUPON_TYPE_INVALID = "coupon.type.invalid", "The current coupon code is not valid for this type of contest and has been removed.";
    COUPON_USER_INVALID = "coupon.user.invalid", "The current coupon code is not valid for this user.";
    COUPON_LIMIT_EXCEED = "coupon.limit_exceed", "This coupon code has reached its limit for usage.";
    COUPON_CUSTOM_DISCOUNT_DROPS = "coupon.contest.custom.discount_drops", "This coupon is not valid for custom contest prize amounts, please select a different package and try again.";
    // The source truncates this one after "order..."; the sentence ends there.
    COUPON_PRICING_INVALID = "coupon.pricing.invalid", "The coupon code you are using is not valid for the package you selected and has not been applied to your order.";
    COUPON_CODE_UNIQUE = "coupon.code.unique", "That coupon code is already in use.";
    COUPON_CODE_FORMAT = "coupon.code.format", "Use 3 to 40 letters, digits, dashes or underscores.";
    COUPON_DISCOUNT = "coupon.discount.invalid", "Give either percent_off (1 to 100) or amount_off (whole dollars above 0).";
    REFERRAL_INVALID = "referral.invalid", "That referral code is not valid.";
    SUBSCRIPTION_TRIGGER_IN = "trigger_id.subscription", "Subscriptions are unlimited upgrades (2) or unlimited contests (13).";
    SUBSCRIPTION_CLIENTS_ONLY = "subscription.clients_only", "Only clients can subscribe.";
    SUBSCRIPTION_ACTIVE = "subscription.active", "You already have this subscription.";
    SUBSCRIPTION_NOT_FOUND = "subscription.not_found", "Resource Not Found";
    SUBSCRIPTION_PROJECT_ACTIVE = "subscription.project.active", "One of your subscription projects is already active; start the next one when it is done.";
    CART_CLIENTS_ONLY = "cart.clients_only", "Only clients have a cart.";
    CART_ITEM_NOT_FOUND = "cart.not_found", "Resource Not Found";
    CART_ITEM_EXISTS = "cart.item.exists", "This entry is already in your cart.";
    CART_PRICE_MIN = "price.min", "The price must be at least 5.";
    CART_PRICE_MAX = "price.max", "The price may be at most 10,000.";
    CART_PRICE_CENTS = "price.cents", "The price must be in dollars and whole cents (at most two decimals).";
    CART_TRIGGER_IN = "trigger_id.in", "Cart items are tips (trigger 9).";
    CART_ENTRY_NOT_IN_CONTEST = "contest_entry_id.contest", "The entry is not part of this contest.";
    CART_CONTEST_NOT_OWNER = "cart.contest.not_owner", "You can tip only on entries of your own contests.";
    CART_CONTEST_NOT_STARTED = "cart.contest.not_started", "Tips can be sent once the contest has started.";
    TIP_NOT_FOUND = "contest_entry_tip.not_found", "Resource Not Found";
    TIP_DECIDED = "contest_entry_tip.decided", "This tip has already been approved or rejected.";
    TIP_APPROVAL_IN = "approval_status_id.in", "Approval statuses are 1 (pending), 2 (approved) and 3 (rejected).";
    CART_PRICE_MIN_TIP_ONLY = "price.min_tip_only", "The price must be at least this tip-only contest's minimum.";
    CART_FREE_AWARD_PRICE = "cart.free_award.price", "A free award's price is set by your subscription.";
    CART_CHANGED = "cart.changed", "Your cart changed since you saw it. Please review it and pay again.";
    // Community feed and showcases (contests doc, sections 1, 6 and 7).
    COMMUNITY_FORBIDDEN = "community.forbidden", "The community feed is for designers and clients only.";
    SHOWCASE_DESIGNERS_ONLY = "showcase.designers_only", "Only designers add showcases.";
    SHOWCASE_NOT_FOUND = "showcase.not_found", "Resource Not Found";
    SHOWCASE_FORBIDDEN = "showcase.forbidden", "Only the showcase's designer or an admin may change it.";
    SHOWCASE_URL_INVALID = "url.invalid", "Enter a link that starts with http:// or https://.";
    // Payments and saved cards (contests doc, sections 3-9; projects doc, project payments).
    CARD_NOT_FOUND = "customer_card.not_found", "Resource Not Found";
    CARD_FORBIDDEN = "customer_card.forbidden", "Only the card's owner may use or change it.";
    CARD_IS_DEFAULT = "customer_card.is_default", "The default card cannot also be the backup card.";
    CARDS_EMPTY = "customer_card.none", "There are no saved cards available";
    CVC_REQUIRED = "customer_card.cvc_required", "Please provide the CVC for the selected card to continue.";
    PAYMENT_METHOD_INVALID = "payment_method.invalid", "That card could not be saved; please add it again.";
    CARD_DECLINED = "payment.card_declined", "Your card was declined.";
    PROVIDER_UNAVAILABLE = "payment.provider_unavailable", "The payment service is not reachable. Please try again.";
    PAYMENT_FORBIDDEN = "payment.forbidden", "Only the owner may pay for this.";
    PAYMENT_NOT_FOUND = "payment.not_found", "Resource Not Found";
    PAYMENT_NOT_OPEN = "payment.not_open", "This payment is already settled.";
    PAYMENT_NOT_DUE = "payment.not_due", "There is nothing to pay for here right now.";
    IDEMPOTENCY_KEY_REQUIRED = "idempotency_key.required", "Every payment needs an idempotency key: 1 to 255 printable ASCII characters.";
    IDEMPOTENCY_KEY_REUSED = "idempotency_key.reused", "This idempotency key was used for another payment.";
    PAYPAL_NOT_APPROVED = "paypal.not_approved", "This PayPal payment was not approved. Please pay with PayPal again.";
    PAYPAL_PAYER_INVALID = "paypal.payer_invalid", "This PayPal payment was approved by another payer.";
    PAYPAL_AMOUNT_MISMATCH = "paypal.amount_mismatch", "The amount at PayPal is not the amount of this payment; nothing was charged.";
    PAYPAL_DECLINED = "paypal.declined", "PayPal declined this payment.";
    CONTEST_NOT_PAYABLE = "contest.post.coupon_code", "Sorry, You have to pay the amount.";
    CONTEST_OPTIONS_MISSING = "contest.options.missing", "Choose a prize package before paying to start the contest.";
    UPGRADE_ALREADY = "upgrade_ids.already", "The contest already has this upgrade.";
    PRIZE_AMOUNT_IN = "amount.in", "Choose one of 25, 50, 75, 100, 150, 200, 300, 400, 500, 750 or 1000.";
    ENTRY_NOT_PURCHASABLE = "contest.entry.not_available.purchase", "Sorry, this entry is not available for purchase.";
    WEBHOOK_SIGNATURE = "webhook.signature_invalid", "The Stripe-Signature header does not match this payload.";
    WEBHOOK_PAYLOAD = "webhook.payload_invalid", "The event could not be read.";
    INVOICE_NOT_AVAILABLE = "invoice.not_available", "This contest has no paid invoice yet.";
    INVOICE_TOKEN_INVALID = "invoice.token_invalid", "This download link is not valid or has been used.";
    PRICES_FORBIDDEN = "payment.prices.forbidden", "Only clients pay for contest extras.";

    // The marketplace (contests doc, sections 2, 3 and 7).
    MARKETPLACE_LIST_FORBIDDEN = "marketplace.entry.forbidden", "Only the entry's designer or an admin may list it for sale.";
    MARKETPLACE_NOT_LISTABLE = "marketplace.entry.not_listable", "Only entries that did not win a finished contest may be listed for sale.";
    MARKETPLACE_SOLD = "marketplace.entry.sold", "This entry has been sold; its listing can no longer change.";
    MARKETPLACE_PRICE = "sale_price.between", "The sale price must be between $5 and $10,000.";
    MARKETPLACE_CLIENTS_ONLY = "marketplace.purchase.clients_only", "Only clients buy full rights to entries.";
    MARKETPLACE_CATEGORY_NOT_FOUND = "marketplace_category.not_found", "The marketplace category does not exist.";
    MARKETPLACE_TAG_NOT_FOUND = "marketplace_tag.not_found", "The marketplace tag does not exist.";
    MARKETPLACE_TITLE_TAKEN = "title.unique", "This title is already in use.";
    MARKETPLACE_HIDDEN_ADMINS = "filter.has_marketplace_hidden.admins", "Only admins see hidden marketplace items.";
    WINNINGS_SORT = "winnings.sort", "Sort by -created_at, created_at, -rating or rating.";

    // Everything else.
    INTERNAL = "server.internal", "Sorry, something went wrong!";
    UNAVAILABLE = "server.unavailable", "The service is not ready.";

    // The admin console (admin-console).
    BANNER_NOT_FOUND = "banner.not_found", "Banner not found.";
    BANNER_COLOR_IN = "color.in", "Choose one of the five banner colours: primary, info, success, warning or danger.";
    NOTE_NOT_FOUND = "note.not_found", "Note not found.";
    NOTE_SUBJECT_IN = "notable_type.in", "A note belongs to a contest, a project or a user.";
    NOTE_SUBJECT_NOT_FOUND = "notable_id.exists", "The contest, project or user of this note does not exist.";
    TAG_NOT_FOUND = "tag.not_found", "Tag not found.";
    TAG_UNIQUE = "name.unique", "A tag with this name already exists.";
    TAG_USER_NOT_DESIGNER = "tags.designer_only", "Tags are put on designers only.";
    FLAG_CLIENT_ONLY = "flag.client_only", "Only clients can be flagged.";
    PAYOUT_NOT_OWED = "payout.not_owed", "Nothing is owed for this payout, or it is already marked paid.";
    PAYOUT_NO_PAYPAL = "payout.no_paypal_email", "This designer has no PayPal e-mail on file: pay them another way, then mark the payout paid.";
    SEARCH_TYPE_IN = "type.in", "Search users, contests, projects or entries.";
    SEARCH_TOO_SHORT = "q.min", "Type at least 2 characters to search.";
    UPGRADE_IN = "upgrades.in", "Choose upgrades from: highlighted, featured, private, blind, email notification, rush, featured blog post.";
    CONTEST_NO_WINNERS = "contest.no_winners", "This contest has no winner to remove.";
    WINNERS_NOT_REMOVABLE = "contest.winners_not_removable", "Winners can be removed only before the contest is verified.";
    EXTENDS_DISABLED = "contest.extends_disabled", "Extensions are disabled for this contest.";
    RUSH_LENGTH = "contest_length_id.rush", "Rush runs your contest for 3 days: choose the standard week or 3 days with it.";
    UPGRADES_NOT_FREE = "upgrades.not_free", "These upgrades are not free for you: pay for them instead.";
    SHARE_NOT_FOUND = "share.not_found", "Share not found.";
    SHARE_LINK_NOT_FOUND = "share.link_not_found", "This shared link does not work: it was removed, or its contest cannot be seen.";
    SHARE_NETWORK_IN = "network.in", "Share on facebook, twitter, linkedin, pinterest, email or link.";
    COUPON_INVITE_EMAILS = "emails.required", "Enter at least one valid e-mail address (at most 20).";
    USERNAME_RESET_SAME = "username.same", "This is already your username.";
    SEAMLESS_INVALID = "seamless.invalid", "This sign-in link is not valid or has expired.";
    PERMISSION_IN = "permission.in", "Unknown permission.";
    ANALYTICS_CATEGORY = "category.required", "An analytics event needs a category.";
    PROJECT_INVOICE_NOT_AVAILABLE = "project_invoice.not_available", "This project has no paid invoice yet.";
    FEEDBACK_TOO_EARLY = "feedback.too_early", "Feedback opens once the contest has ended or the project is completed.";
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_code_is_unique_and_dotted() {
        let mut seen = HashSet::new();
        for entry in ALL {
            assert!(seen.insert(entry.code), "duplicate code {}", entry.code);
            assert!(entry.code.contains('.'), "{} is not area.reason", entry.code);
            assert!(!entry.message.is_empty());
        }
    }

    #[test]
    fn specification_messages_are_verbatim() {
        assert_eq!(USERNAME_UNIQUE.message, "That username is already in use.");
        assert_eq!(USER_INACTIVE.code, "auth.user.inactive");
        assert_eq!(RESET_LINK_EXPIRED.message, "This link has expired.");
    }
}
