import ImageViewer from 'antd-mobile/es/components/image-viewer';

export interface SamplesGalleryProps {
  images: string[];
  index: number | null;
  onClose: () => void;
}

/** Sample images in a swipe-and-pinch gallery (spec §2 login footer and "image gallery"). */
export default function SamplesGallery({ images, index, onClose }: SamplesGalleryProps) {
  return (
    <ImageViewer.Multi
      key={index ?? -1}
      images={images}
      visible={index !== null}
      defaultIndex={index ?? 0}
      onClose={onClose}
    />
  );
}
