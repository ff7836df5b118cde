import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing

/// `roofing photo add|list|export|remove`: photos on a project, checked by content and stored once by hash.
struct RoofingPhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Attach, list, export and remove a project's photos (JPEG, PNG, HEIC).",
        subcommands: [Add.self, List.self, Export.self, Remove.self])

    /// `roofing photo add PROJECT FILE... [--caption T]... [--max-mb N]`: prints each photo's number.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Attach photos: real JPEG, PNG or HEIC files (checked by content), each stored once.")
        @Argument(help: "The project.") var project: String
        @Argument(help: "The photo files.") var files: [String]
        @Option(name: .long, help: "A caption, one per file in the order given.") var caption: [String] = []
        @Option(name: .customLong("max-mb"), help: "The largest file accepted, in MB.") var maxMB: Int = 20
        @OptionGroup var options: RoofingOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Give one or more photo files.") }
            guard caption.count <= files.count else {
                throw ValidationError("--caption is given \(caption.count) times for \(files.count) files.")
            }
            guard maxMB >= 1 else { throw ValidationError("--max-mb \(maxMB): expected 1 or more") }
        }

        func run() throws {
            var uploads: [RoofingPhotoUpload] = []
            for (k, file) in files.enumerated() {
                let url = URL(fileURLWithPath: file)
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
                guard let size else {
                    Diagnostics.error("\(file): cannot be read")
                    throw ExitCode(66)
                }
                guard size <= maxMB * 1_000_000 else {
                    Diagnostics.error("\(file): \(size) bytes is larger than the limit of \(maxMB) MB (--max-mb)")
                    throw ExitCode(65)
                }
                let data: Data
                do { data = try Data(contentsOf: url) } catch {
                    Diagnostics.error("\(file): cannot be read")
                    throw ExitCode(66)
                }
                uploads.append(
                    RoofingPhotoUpload(
                        bytes: [UInt8](data), filename: url.lastPathComponent,
                        caption: k < caption.count ? caption[k] : ""))
            }
            let (service, _) = try options.service()
            let attached = try service.addPhotos(project: project, uploads)
            for (file, a) in zip(files, attached) {
                roofingPrint("\(a.photo.id)")
                let note =
                    a.alreadyAttached
                    ? "was on \(project) already" : a.storedBytes ? "stored" : "already stored, not stored again"
                Diagnostics.print("\(file): photo \(a.photo.id) (\(a.photo.kind), \(note))")
            }
        }
    }

    /// `roofing photo list PROJECT [--format table|json|csv]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a project's photos.")
        @Argument(help: "The project (default: the selected one).") var project: String?
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, clock) = try options.reader()
            let photos = try service.photos(project: try service.projectName(project))
            var listing = Listing([
                ("id", "Photo"), ("name", "File"), ("kind", "Kind"), ("bytes", "Bytes"),
                ("orientation", "Orientation"), ("caption", "Caption"), ("sha256", "SHA-256"), ("added", "Added"),
            ])
            for p in photos {
                listing.append([
                    .integer(Int(p.id)), .text(p.name), .text(p.kind), .integer(p.size), .integer(p.orientation),
                    .text(p.caption), .text(format == .table ? String(p.hash.prefix(12)) : p.hash), .time(p.added),
                ])
            }
            try listing.print(format, clock: clock, json: photos)
        }
    }

    /// `roofing photo export PROJECT --to DIR [--keep-location]`: GPS EXIF is removed from JPEGs unless kept.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a project's photos to a directory (without their location unless --keep-location).")
        @Argument(help: "The project (default: the selected one).") var project: String?
        @Option(name: .long, help: "The directory to write to (created if missing).") var to: String
        @Flag(name: .long, help: "Keep the GPS location in the photos' EXIF.") var keepLocation = false
        @OptionGroup var options: RoofingOptions

        func run() throws {
            let (service, _) = try options.reader()
            let name = try service.projectName(project)
            let photos = try service.exportPhotos(project: name, keepLocation: keepLocation)
            let directory = URL(fileURLWithPath: to)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                Diagnostics.error("--to \(to): cannot be created")
                throw ExitCode(73)
            }
            for photo in photos {
                let file = directory.appendingPathComponent(photo.fileName)
                do { try Data(photo.bytes).write(to: file) } catch {
                    Diagnostics.error("\(file.path): cannot be written")
                    throw ExitCode(73)
                }
                roofingPrint(file.path)
            }
            let stripped = photos.count { $0.locationRemoved }
            Diagnostics.print(
                "Exported \(photos.count) photo(s) of \(name) to \(to)"
                    + (stripped > 0 ? "; the location was removed from \(stripped)" : ""))
        }
    }

    /// `roofing photo remove PROJECT ID`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a photo from a project.")
        @Argument(help: "The project.") var project: String
        @Argument(help: "The photo's number (see photo list).") var id: String
        @OptionGroup var options: RoofingOptions

        func validate() throws {
            guard let number = Int64(id), number >= 1 else {
                throw ValidationError("ID '\(id)': expected a photo number (see roofing photo list)")
            }
        }

        func run() throws {
            let number = Int64(id) ?? 0
            let (service, _) = try options.service()
            try service.removePhoto(project: project, id: number)
            Diagnostics.print("Removed photo \(number) from \(project)")
        }
    }
}
