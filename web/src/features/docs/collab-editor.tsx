/**
 * A rich-text editor bound to a hub document (`doc:` channel): Tiptap with its Collaboration
 * extension over a Yjs document and the Collaboration Caret extension for the other editors'
 * cursors and names (awareness), synced through `HubProvider` on the client's one socket.
 */
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import * as Y from 'yjs';

import { errorText } from '@/lib/errors';
import { realtime } from '@/realtime/connection';

import { colorFor } from './colors';
import { HubProvider } from './hub-provider';
import { isSafeHref } from './link-policy';
import './collab-editor.css';

interface CollabEditorProps {
  /** The `doc:` channel, e.g. `doc:workroom-brief:12`. */
  ch: string;
  /** The text box's accessible name (the panel's title). */
  label: string;
  user: { id: number; username: string };
  /** False shows the document without letting this user change it. */
  editable?: boolean;
  /** Called with the plain text (one line per block) after each change. */
  onText?: (text: string) => void;
  testId?: string;
}

interface Session {
  doc: Y.Doc;
  provider: HubProvider;
}

/** One Yjs document and its provider per channel while mounted. */
function useHubDocument(ch: string): Session | null {
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    const doc = new Y.Doc();
    const provider = new HubProvider(realtime, ch, doc);
    let active = true;
    // Handed to React after this effect, as an external system's callback would.
    void Promise.resolve().then(() => {
      if (active) setSession({ doc, provider });
    });
    return () => {
      active = false;
      provider.destroy();
      doc.destroy();
      setSession(null);
    };
  }, [ch]);
  return session;
}

export function CollabEditor(props: CollabEditorProps) {
  const session = useHubDocument(props.ch);
  const { t } = useTranslation('docs');
  if (session === null) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  return <BoundEditor key={props.ch} {...props} session={session} />;
}

function BoundEditor({ user, label, editable = true, onText, testId, session }: CollabEditorProps & { session: Session }) {
  const { t } = useTranslation('docs');
  const status = useSnapshot(session.provider.status);
  const canEdit = editable && !status.readOnly;
  const editor = useEditor(
    {
      extensions: [
        // Links only where the hub takes them (see link-policy).
        StarterKit.configure({ undoRedo: false, link: { isAllowedUri: (url) => isSafeHref(url) } }),
        Collaboration.configure({ document: session.doc }),
        CollaborationCaret.configure({
          provider: session.provider,
          user: { name: user.username, color: colorFor(user.id), id: user.id },
        }),
      ],
      editable: canEdit,
      editorProps: {
        attributes: {
          class: 'collab-editor__content prose-sm min-h-[8rem] px-3 py-2 focus:outline-none',
          // A contenteditable is a multi-line text box to assistive technology only when it says so.
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          'data-placeholder': t('placeholder'),
        },
      },
      onUpdate: ({ editor: current }) => onText?.(current.getText({ blockSeparator: '\n' })),
    },
    [session],
  );
  useEffect(() => {
    editor?.setEditable(canEdit);
  }, [editor, canEdit]);

  if (status.forbidden) return <p className="text-sm text-red-700">{t('forbidden')}</p>;
  return (
    // The text itself draws no outline (focus:outline-none): the frame shows the focus ring, as
    // the other text boxes do.
    <div className="collab-editor rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-indigo-500" data-testid={testId}>
      {canEdit && editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
      <StatusLine session={session} me={user.id} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('docs');
  const button = (label: string, active: boolean, run: () => void, text: string) => (
    <button
      type="button"
      title={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={`rounded px-2 py-1 text-sm ${active ? 'bg-slate-200 text-slate-900' : 'text-slate-600 hover:bg-slate-100'}`}
    >
      {/* Named by its words, shown as a glyph: the name is the content, so it is all one. */}
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    <div className="flex gap-1 border-b border-slate-200 px-2 py-1" role="toolbar">
      {button(t('bold'), editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), 'B')}
      {button(t('italic'), editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), 'I')}
      {button(t('bulletList'), editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run(), '•')}
      {button(t('orderedList'), editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run(), '1.')}
    </div>
  );
}

/** Saved / saving / offline, and who else is editing (from awareness). */
function StatusLine({ session, me }: { session: Session; me: number }) {
  const { t } = useTranslation('docs');
  const status = useSnapshot(session.provider.status);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const awareness = session.provider.awareness;
    const read = () => {
      const seen = new Map<number, string>();
      for (const [client, state] of awareness.getStates()) {
        const person = (state as { user?: { name?: string; id?: number } }).user;
        if (client === awareness.clientID || !person?.name || person.id === me) continue;
        seen.set(person.id ?? client, person.name);
      }
      setNames([...seen.values()]);
    };
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [session, me]);

  let state: string;
  let tone = 'text-slate-500';
  if (status.offline) {
    state = t('offline');
    tone = 'text-amber-700';
  } else if (status.error !== null && status.error !== 'doc.read_only') {
    // The hub's code, worded by the error catalogue; a code this client does not know, as it is.
    const reason = errorText(status.error);
    state = reason === undefined ? t('refused', { code: status.error }) : t('refusedBecause', { reason });
    tone = 'text-red-700';
  } else if (status.readOnly) state = t('readOnly');
  else if (!status.synced) state = t('loading');
  else state = status.unsaved > 0 ? t('saving') : t('saved');
  return (
    <div className="flex flex-wrap justify-between gap-2 border-t border-slate-100 px-3 py-1 text-xs">
      <span className={tone} data-testid="doc-status" data-offline={status.offline ? 'true' : 'false'}>
        {state}
      </span>
      {names.length > 0 && (
        <span className="text-slate-600" data-testid="doc-editors">
          {t('here', { names: names.join(', ') })}
        </span>
      )}
    </div>
  );
}
