import type { SignaturePoint } from '@hk/domain/steps/signature/signing';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { useTranslation } from '../../../lib/i18n';

export interface PadDrawing {
  /** signature_pad `toData()` points (CSS px on the pad). */
  strokes: { points: SignaturePoint[] }[];
  /** The pad's CSS size the strokes were drawn on. */
  pad: { width: number; height: number };
  /** The canvas as a PNG data URL (device pixels). */
  image: string;
}

export interface SignaturePadHandle {
  /** The drawing, or null when nothing is drawn. */
  read(): PadDrawing | null;
}

/**
 * The handwritten signature pad (signature_pad): clear, undo, sized to the box and the device
 * pixel ratio. A resize that changes the box's size (rotating the phone) clears the drawing, since
 * its points were on the old box; a ratio-only change redraws it.
 */
export const SignaturePadField = forwardRef<SignaturePadHandle, { onChange?: (strokes: number) => void }>(
  function SignaturePadField({ onChange }, ref) {
    const { t } = useTranslation('signature');
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);
    const sizeRef = useRef({ width: 0, height: 0 });
    const [strokes, setStrokes] = useState(0);
    // the pad lives as long as the field: a new onChange each render must not rebuild it
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;
    const changed = useCallback((n: number, drawn = true) => {
      setStrokes(n);
      if (drawn) onChangeRef.current?.(n);
    }, []);

    useEffect(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.8, penColor: '#1a1a1a' });
      padRef.current = pad;
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const width = canvas.offsetWidth;
        const height = canvas.offsetHeight;
        const same = width === sizeRef.current.width && height === sizeRef.current.height;
        const data = same ? pad.toData() : [];
        sizeRef.current = { width, height };
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
        if (data.length > 0) pad.fromData(data);
        changed(data.length, false);
      };
      fit();
      const onEnd = () => changed(pad.toData().length);
      pad.addEventListener('endStroke', onEnd);
      window.addEventListener('resize', fit);
      window.addEventListener('orientationchange', fit);
      return () => {
        pad.removeEventListener('endStroke', onEnd);
        window.removeEventListener('resize', fit);
        window.removeEventListener('orientationchange', fit);
        pad.off();
        padRef.current = null;
      };
    }, [changed]);

    useImperativeHandle(ref, () => ({
      read() {
        const pad = padRef.current;
        const canvas = canvasRef.current;
        if (!pad || !canvas || pad.isEmpty()) return null;
        return {
          strokes: pad.toData().map((g) => ({
            points: g.points.map((p) => ({ x: p.x, y: p.y, time: p.time, pressure: p.pressure })),
          })),
          pad: { width: canvas.offsetWidth, height: canvas.offsetHeight },
          image: pad.toDataURL('image/png'),
        };
      },
    }));

    const clear = () => {
      padRef.current?.clear();
      changed(0);
    };
    const undo = () => {
      const pad = padRef.current;
      if (!pad) return;
      const data = pad.toData();
      data.pop();
      pad.fromData(data);
      changed(data.length);
    };

    return (
      <div className="signature-pad">
        <p className="signature-pad__rotate">{t('rotate_hint')}</p>
        <div className="signature-pad__box">
          <canvas ref={canvasRef} className="signature-pad__canvas" aria-label={t('pad_label')} role="img" />
          <span className="signature-pad__line" aria-hidden="true">
            {t('sign_here')}
          </span>
        </div>
        <div className="signature-pad__tools">
          <button type="button" className="id-btn" onClick={undo} disabled={strokes === 0}>
            {t('undo')}
          </button>
          <button type="button" className="id-btn" onClick={clear} disabled={strokes === 0}>
            {t('clear')}
          </button>
        </div>
      </div>
    );
  },
);
