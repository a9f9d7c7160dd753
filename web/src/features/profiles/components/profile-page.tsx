import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { chooseLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { isDesigner } from '@/lib/roles';
import { setCurrentUser } from '@/lib/session';
import { chooseTheme, showTheme, storedTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';
import type { User } from '@/types/api';

import { getSettings, putProfileTexts, putSettings, type Settings } from '../api/profiles';
import { openDesignerProfile } from '@/lib/designer-profile';

import { ImageSetting } from './image-setting';
import { PortfolioManager } from './portfolio-manager';
import { QualificationsField } from './qualifications-field';
import { ThemePicker } from './theme-picker';
import { UsernameSetting } from './username-setting';

type ImageSlot = 'profile_picture_file_id' | 'cover_pic_file_id';

/**
 * `/profile`: the signed-in user's own profile and settings: picture and cover, name, featured
 * bio, about text and qualifications (what the profile modal shows), language and newsletter.
 */
export function ProfilePage({ user }: { user: User }) {
  const { t, i18n } = useTranslation('profiles');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [name, setName] = useState(user.name);
  const [featured, setFeatured] = useState(user.detail.featured_bio ?? '');
  const [about, setAbout] = useState(user.detail.about_self ?? '');
  const [qualifications, setQualifications] = useState<[string, string][]>(Object.entries(user.qualification ?? {}));
  const [uploading, setUploading] = useState<ImageSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // The language the interface is in now is the one to keep (chosen in the profile menu).
    const shown = LANGUAGES.some((language) => language.code === i18n.language) ? i18n.language : null;
    getSettings(user.id)
      .then((loaded) => setSettings(shown ? { ...loaded, language: shown } : loaded))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [user.id, i18n.language]);

  // A theme tried but not saved is not kept: leaving the page shows the saved one again.
  useEffect(() => () => showTheme(storedTheme()), []);

  async function changeImage(slot: ImageSlot, file: File | null) {
    setUploading(slot);
    setFailure(null);
    try {
      const id = file ? (await uploadFiles([file], FILE_CATEGORY.mainEntry))[0].id : 0;
      setSettings(await putSettings(user.id, { [slot]: id }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(null);
    }
  }

  async function save() {
    if (settings === null) return;
    setSaving(true);
    setFailure(null);
    try {
      const qualification = Object.fromEntries(qualifications.filter(([key]) => key.trim()).map(([key, value]) => [key.trim(), value.trim()]));
      const updated = await putProfileTexts(user.id, { name, featured_bio: featured, about_self: about, qualification });
      const saved = await putSettings(user.id, { language: settings.language, receives_newsletter: settings.receives_newsletter, theme: settings.theme });
      setSettings(saved);
      setCurrentUser({ ...updated, profile_picture: saved.profile_picture ?? null, cover_pic: saved.cover_pic ?? null } as User);
      chooseTheme(saved.theme);
      await chooseLanguage(saved.language as Language);
      toast.success(t('page.saved'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  if (settings === null) return failure ? <Alert>{failure}</Alert> : <Spinner label={t('common:loading')} />;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
          <p className="text-sm text-slate-500">{t('page.intro')}</p>
        </div>
        {isDesigner(user) && (
          <Button variant="secondary" onClick={() => openDesignerProfile(user.id)}>
            {t('page.preview')}
          </Button>
        )}
      </header>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6">
        <ImageSetting
          label={t('page.picture')}
          path={settings.profile_picture?.full_path}
          round
          busy={uploading === 'profile_picture_file_id'}
          onFile={(file) => void changeImage('profile_picture_file_id', file)}
          onRemove={() => void changeImage('profile_picture_file_id', null)}
        />
        <ImageSetting
          label={t('page.cover')}
          path={settings.cover_pic?.full_path}
          round={false}
          busy={uploading === 'cover_pic_file_id'}
          onFile={(file) => void changeImage('cover_pic_file_id', file)}
          onRemove={() => void changeImage('cover_pic_file_id', null)}
        />
      </div>
      <UsernameSetting user={user} />
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        <TextField label={t('page.name')} name="name" value={name} onChange={setName} maxLength={100} />
        <div>
          <TextField label={t('page.featuredBio')} name="featured_bio" value={featured} onChange={setFeatured} maxLength={300} />
          <p className="mt-1 text-xs text-slate-500">{t('page.featuredBioHelp')}</p>
        </div>
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-slate-700">{t('page.aboutSelf')}</span>
          <textarea
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            rows={5}
            maxLength={5000}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <QualificationsField rows={qualifications} setRows={setQualifications} />
      </div>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="font-semibold text-slate-900">{t('page.settings')}</h2>
        <SelectField
          label={t('page.language')}
          value={settings.language}
          placeholder={t('page.language')}
          options={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
          onChange={(value) => setSettings({ ...settings, language: value || 'en' })}
        />
        <CheckboxField
          label={t('page.newsletter')}
          checked={settings.receives_newsletter === 1}
          onChange={(checked) => setSettings({ ...settings, receives_newsletter: checked ? 1 : 0 })}
        />
        <ThemePicker
          value={settings.theme}
          onChange={(theme) => {
            showTheme(theme);
            setSettings({ ...settings, theme });
          }}
        />
      </div>
      <div className="flex justify-end">
        <Button onClick={() => void save()} isLoading={saving} disabled={saving}>
          {t('page.save')}
        </Button>
      </div>
      {isDesigner(user) && <PortfolioManager userId={user.id} />}
    </section>
  );
}
