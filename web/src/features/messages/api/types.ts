/** A direct message as `GET /messages/users/{id}` and the `message.created` event show it. */
export interface DirectMessage {
  id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  contest_id: number | null;
  trigger_id: number;
  /** 1 when the text contains an e-mail address. */
  has_email_address: number;
  read_at: number | null;
  created_at: number;
}

export interface Correspondent {
  id: number;
  username: string;
  name: string;
  user_type_id: number;
  profile_picture: { full_path: string } | null;
}

/** One conversation of `GET /messages/users`. */
export interface Conversation {
  user: Correspondent;
  last_message: DirectMessage;
  unread_count: number;
}

export interface UnreadCounters {
  count: number;
  conversations: { user_id: number; count: number }[];
}
